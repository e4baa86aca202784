import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "./schema";

export interface PreviousAddress {
  addressLine1: string;
  addressLine2: string;
  city: string;
  postcode: string;
}

/** How many of a customer's different earlier addresses checkout offers. */
export const PREVIOUS_ADDRESS_LIMIT = 5;

/** The different addresses the customer's earlier orders went to, most recent first. */
export async function previousAddresses(db: Db, customerId: number): Promise<PreviousAddress[]> {
  const rows = await db
    .select({ addressLine1: orders.addressLine1, addressLine2: orders.addressLine2, city: orders.city, postcode: orders.postcode })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
  const seen = new Set<string>();
  const found: PreviousAddress[] = [];
  for (const row of rows) {
    if (!row.addressLine1 || !row.city || !row.postcode) continue;
    const address = { addressLine1: row.addressLine1, addressLine2: row.addressLine2 ?? "", city: row.city, postcode: row.postcode };
    const key = [address.addressLine1, address.addressLine2, address.city, address.postcode].join("|").toUpperCase().replace(/\s+/g, "");
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(address);
    if (found.length === PREVIOUS_ADDRESS_LIMIT) break;
  }
  return found;
}
