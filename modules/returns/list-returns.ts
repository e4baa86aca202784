import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { VOUCHER_STATUSES, vouchers } from "../vouchers/schema";
import { RETURN_REASONS, type ReturnReason } from "./return-reasons";
import { returnsLabelPath } from "./returns-label";
import { returnOrders } from "./schema";

/** Spec §9: the returns list shows 20 per page. */
export const RETURNS_PAGE_SIZE = 20;

export interface ReturnSummary {
  id: number;
  reference: string;
  voucherId: number;
  orderId: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
  reason: string;
  /** The voucher's status text ("Return Requested" … "Refunded"), or "Withdrawn". */
  status: string;
  createdAt: string;
  postedAt: string | null;
  receivedAt: string | null;
  labelPath: string;
  /** Not posted yet: the shopper may say "I've posted it" or withdraw. */
  awaitingPosting: boolean;
}

/** A return as its lists show it (the shopper's My Returns, the merchant's open returns). */
export function returnSummary(ret: typeof returnOrders.$inferSelect, voucher: typeof vouchers.$inferSelect): ReturnSummary {
  const withdrawn = ret.closedAt !== null && voucher.status !== "REFUNDED";
  return {
    id: ret.id,
    reference: ret.reference,
    voucherId: voucher.id,
    orderId: ret.orderId,
    dealTitle: voucher.dealTitle,
    productName: voucher.productName,
    merchantName: voucher.merchantName,
    reason: RETURN_REASONS[ret.reason as ReturnReason] ?? ret.reason,
    status: withdrawn ? "Withdrawn" : VOUCHER_STATUSES[voucher.status],
    createdAt: ret.createdAt.toISOString(),
    postedAt: ret.postedAt?.toISOString() ?? null,
    receivedAt: ret.receivedAt?.toISOString() ?? null,
    labelPath: returnsLabelPath(ret.id),
    awaitingPosting: ret.closedAt === null && ret.postedAt === null && ret.receivedAt === null,
  };
}

/** A customer's returns, newest first, a page (1-based) at a time. */
export async function listReturns(db: Db, customerId: number, page: number) {
  const current = Math.max(1, page);
  const where = eq(returnOrders.customerId, customerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ret: returnOrders, voucher: vouchers })
      .from(returnOrders)
      .innerJoin(vouchers, eq(vouchers.id, returnOrders.voucherId))
      .where(where)
      .orderBy(desc(returnOrders.createdAt), desc(returnOrders.id))
      .limit(RETURNS_PAGE_SIZE)
      .offset((current - 1) * RETURNS_PAGE_SIZE),
    db.select({ total: count() }).from(returnOrders).where(where),
  ]);
  return {
    returns: rows.map(({ ret, voucher }) => returnSummary(ret, voucher)),
    page: current,
    pageCount: Math.max(1, Math.ceil(Number(total) / RETURNS_PAGE_SIZE)),
    total: Number(total),
  };
}
