import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { isVipActive } from "./grant-vip";
import { customers } from "./schema";
import { normalizeEmail } from "./validation";

export type CustomerRow = typeof customers.$inferSelect;

/** Who is signed in, as request handlers and pages see it (spec: userprofile). */
export interface CustomerSummary {
  id: number;
  brand: BrandId;
  email: string;
  firstName: string;
  lastName: string;
  vipUser: boolean;
  /** Opaque id for the customer-token cookie and the basket and wishlist APIs. */
  customerToken: string;
}

/** `vipUser` is false once a paid VIP year (vip_expires_at) is over. */
export function toSummary(row: CustomerRow, now: Date = new Date()): CustomerSummary {
  return {
    id: row.id,
    brand: row.brand,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    vipUser: isVipActive(row, now),
    customerToken: row.customerToken,
  };
}

export async function findActiveCustomerByEmail(db: Db, brand: BrandId, email: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.brand, brand), eq(customers.email, normalizeEmail(email)), eq(customers.status, "active")));
  return row ?? null;
}

export async function findActiveCustomer(db: Db, customerId: number): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.status, "active")));
  return row ?? null;
}

/** The active customer a customer token (from an email link or the wishlist API) belongs to. */
export async function findCustomerByToken(db: Db, brand: BrandId, customerToken: string): Promise<CustomerSummary | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.brand, brand), eq(customers.customerToken, customerToken), eq(customers.status, "active")));
  return row ? toSummary(row) : null;
}
