import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { VOUCHER_STATUSES, vouchers } from "../vouchers/schema";
import { merchantUsers } from "./schema";

/** The redemptions list shows this many per page. */
export const REDEMPTIONS_PAGE_SIZE = 20;

export interface Redemption {
  code: string;
  dealTitle: string;
  productName: string;
  redeemedAt: Date;
  /** The merchant user who redeemed it (null when the goods were delivered, not redeemed at a till). */
  redeemedBy: string | null;
  statusText: string;
}

/** The merchant's redemptions, newest first, a page (1-based) at a time. Only this merchant's vouchers. */
export async function listRedemptions(db: Db, merchantId: number, page: number) {
  const where = and(eq(vouchers.merchantId, merchantId), isNotNull(vouchers.redeemedAt));
  const current = Math.max(1, page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        code: vouchers.code,
        dealTitle: vouchers.dealTitle,
        productName: vouchers.productName,
        redeemedAt: vouchers.redeemedAt,
        redeemedBy: merchantUsers.name,
        status: vouchers.status,
      })
      .from(vouchers)
      // The user must be this merchant's: a name is never read across merchants.
      .leftJoin(merchantUsers, and(eq(merchantUsers.id, vouchers.redeemedBy), eq(merchantUsers.merchantId, merchantId)))
      .where(where)
      .orderBy(desc(vouchers.redeemedAt), desc(vouchers.id))
      .limit(REDEMPTIONS_PAGE_SIZE)
      .offset((current - 1) * REDEMPTIONS_PAGE_SIZE),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  const redemptions: Redemption[] = rows.map(({ status, redeemedAt, ...row }) => ({ ...row, // The where clause keeps only redeemed vouchers.
    redeemedAt: redeemedAt as Date,
    statusText: VOUCHER_STATUSES[status] }));
  return { redemptions, page: current, pageCount: Math.max(1, Math.ceil(total / REDEMPTIONS_PAGE_SIZE)), total };
}
