import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import { customers } from "../accounts/schema";
import { shipments } from "../delivery/schema";
import { afterSaleOptions, type Option } from "../refunds/after-sale-options";
import { vouchers } from "../vouchers/schema";

/**
 * One of the customer's vouchers with what the return rule decides for it now (the after-sale
 * options, in the market's calendar), and the shopper's contact for emails. With `lock`, the
 * voucher row stays locked until the transaction ends, so the decision holds while it is acted on.
 * Null for anyone else's voucher.
 */
export async function findReturnableVoucher(db: Db, input: { customerId: number; voucherId: number; now: Date; lock?: boolean }) {
  const query = db
    .select({ voucher: vouchers, shipmentStatus: shipments.status, email: customers.email, firstName: customers.firstName, brand: customers.brand })
    .from(vouchers)
    .innerJoin(customers, eq(customers.id, vouchers.customerId))
    .leftJoin(shipments, eq(shipments.voucherId, vouchers.id))
    .where(and(eq(vouchers.id, input.voucherId), eq(vouchers.customerId, input.customerId)));
  const [row] = input.lock ? await query.for("update", { of: vouchers }) : await query;
  if (!row) return null;
  const timeZone = marketTimeZone(BRANDS[row.brand].countryCode);
  const option: Option = afterSaleOptions({ ...row.voucher, shipmentStatus: row.shipmentStatus, timeZone }, input.now).return;
  return { ...row, option };
}
