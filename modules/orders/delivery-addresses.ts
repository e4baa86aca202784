import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "./schema";

/** Where an order's goods go: the name and the address lines, nothing else of the shopper. */
export interface DeliveryAddress {
  name: string;
  lines: string[];
}

/**
 * The delivery name and address of each order, by order id: what a merchant needs to post the
 * goods. The caller passes only ids of orders it may see (the merchant's own parcels).
 */
export async function deliveryAddresses(db: Db, orderIds: readonly number[]): Promise<Map<number, DeliveryAddress>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, name: orders.deliveryName, addressLine1: orders.addressLine1, addressLine2: orders.addressLine2, city: orders.city, postcode: orders.postcode })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(
    rows.map((row) => [row.id, { name: row.name ?? "", lines: [row.addressLine1, row.addressLine2, row.city, row.postcode].filter((line): line is string => Boolean(line)) }]),
  );
}
