import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vouchers } from "../vouchers/schema";
import { RETURNS_PAGE_SIZE, returnSummary } from "./list-returns";
import { returnOrders } from "./schema";

/** A return the merchant still waits for or has just received (closed ones are refunded or withdrawn). */
const OPEN_RETURN_STATUSES = ["RETURN_REQUESTED", "RETURN_IN_TRANSIT", "RETURNED_TO_MERCHANT"] as const;

/** The merchant's open returns (requested, in transit, received and awaiting the refund), newest first, a page (1-based) at a time. */
export async function listMerchantOpenReturns(db: Db, merchantId: number, page: number) {
  const current = Math.max(1, page);
  const where = and(eq(returnOrders.merchantId, merchantId), isNull(returnOrders.closedAt), inArray(vouchers.status, [...OPEN_RETURN_STATUSES]));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ret: returnOrders, voucher: vouchers })
      .from(returnOrders)
      .innerJoin(vouchers, eq(vouchers.id, returnOrders.voucherId))
      .where(where)
      .orderBy(desc(returnOrders.createdAt), desc(returnOrders.id))
      .limit(RETURNS_PAGE_SIZE)
      .offset((current - 1) * RETURNS_PAGE_SIZE),
    db.select({ total: count() }).from(returnOrders).innerJoin(vouchers, eq(vouchers.id, returnOrders.voucherId)).where(where),
  ]);
  return {
    returns: rows.map(({ ret, voucher }) => returnSummary(ret, voucher)),
    page: current,
    pageCount: Math.max(1, Math.ceil(Number(total) / RETURNS_PAGE_SIZE)),
    total: Number(total),
  };
}
