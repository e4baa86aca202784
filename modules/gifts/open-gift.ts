import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findVoucher } from "../vouchers/read";
import { vouchers } from "../vouchers/schema";
import { giftError } from "./errors";
import { giftClaims } from "./schema";

export type ClaimRow = typeof giftClaims.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

/**
 * The gift a code names, still there to be claimed, with its voucher; with `lock`, both rows are
 * locked until the transaction ends, the voucher's first: every path that ends a gifted voucher
 * (refund, credit) locks voucher then gift, so a claim must too or the two could deadlock. Every
 * claim of one code queues on the voucher's lock; the claim is read again once it is held.
 * Unknown codes, cancelled gifts and gifts someone else claimed all answer "not recognized", so a
 * stranger cannot tell a used code from a wrong one; the one who claimed it hears that they did.
 * A voucher refunded or expired meanwhile can no longer be claimed.
 */
export async function openGift(db: Db, request: { code: string; customerId: number; now: Date; lock?: boolean }): Promise<{ claim: ClaimRow; voucher: VoucherRow }> {
  const claimQuery = () => db.select().from(giftClaims).where(eq(giftClaims.code, request.code));
  let [claim] = await claimQuery();
  if (claim && request.lock) {
    await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, claim.voucherId)).for("update");
    [claim] = await claimQuery().for("update");
  }
  if (!claim || claim.status === "CANCELLED") throw giftError("GIFT_CODE_NOT_RECOGNIZED");
  if (claim.status === "CLAIMED") throw giftError(claim.claimedByCustomerId === request.customerId ? "GIFT_ALREADY_CLAIMED" : "GIFT_CODE_NOT_RECOGNIZED");
  const voucher = await findVoucher(db, claim.voucherId);
  if (!voucher || voucher.status !== "READY_TO_REDEEM" || voucher.expiresAt <= request.now) throw giftError("GIFT_NO_LONGER_AVAILABLE");
  return { claim, voucher };
}
