import { sql } from "drizzle-orm";

/** What shoppers paid for an order `o`, by card and by wallet credit alike (minor units). */
export const PAID = sql.raw(`(o.total + o.wallet_refundable_used + o.wallet_marketing_used)`);

/** An order `o` fraud review rejected was never a sale: nothing was taken and its vouchers were cancelled. */
export const NOT_CANCELLED = sql.raw(`o.status <> 'CANCELLED'`);
