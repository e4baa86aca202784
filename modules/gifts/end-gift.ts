import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { greeting } from "../mail/layout";
import { findActiveCustomer } from "../accounts/customers";
import { enqueue } from "../mail/outbox";
import { recordStatusEvent } from "../states/record-event";
import { type Actor, transition } from "../states/transition";
import type { vouchers } from "../vouchers/schema";
import { GIFT_CLAIM_PROCESS } from "./gift-claim-process";
import { giftCancelledEmail } from "./gift-email";
import { giftClaims } from "./schema";

/** The history event on a claimed gift whose voucher was cancelled: its reason is what the holder reads. */
export const VOUCHER_CANCELLED_EVENT = "voucher-cancelled";

/** Why the recipient's gift ended, in the words they read on the voucher and in the email. */
export function cancellationNotice(byBuyer: boolean): string {
  return byBuyer
    ? "The person who gave it to you cancelled it within the 14-day cancellation period and has been refunded."
    : "It was cancelled and what it cost was given back to the person who bought it.";
}

/**
 * A gifted voucher was cancelled (refunded or exchanged for credit), in the caller's transaction,
 * which holds the voucher's row lock (the order every path takes: voucher, then gift). The gift ends
 * with it and its recipient is told why through the outbox: a gift still waiting to be claimed is
 * cancelled (SENT → CANCELLED), so its code no longer works; a claimed one keeps its status and gets
 * a history row with the reason, which the holder's voucher shows. Nothing for a voucher never given.
 */
export async function endGiftOfCancelledVoucher(
  tx: Db,
  cancelled: { voucher: typeof vouchers.$inferSelect; brand: BrandId; actor: Actor; at: Date; clock: Clock; origin: string },
): Promise<void> {
  const { voucher, actor, at } = cancelled;
  const [open] = await tx
    .select()
    .from(giftClaims)
    .where(and(eq(giftClaims.voucherId, voucher.id), ne(giftClaims.status, "CANCELLED")))
    .for("update");
  if (!open) return;
  const notice = cancellationNotice(actor.type === "customer" && actor.id === String(open.buyerCustomerId));
  if (open.status === "SENT") {
    await transition(tx, GIFT_CLAIM_PROCESS, { id: open.id, from: "SENT", to: "CANCELLED", actor, at, reason: notice, data: { voucherId: voucher.id, voucherStatus: voucher.status } });
    const email = giftCancelledEmail({ brand: cancelled.brand, to: open.recipientEmail, greeting: `Hi ${open.recipientName},`, dealTitle: voucher.dealTitle, notice, claimed: false, url: `${cancelled.origin}/` });
    await enqueue(tx, email, cancelled.clock);
    return;
  }
  await recordStatusEvent(tx, GIFT_CLAIM_PROCESS, { id: open.id, status: "CLAIMED", event: VOUCHER_CANCELLED_EVENT, actor, at, reason: notice, data: { voucherId: voucher.id } });
  const holder = open.claimedByCustomerId === null ? null : await findActiveCustomer(tx, open.claimedByCustomerId);
  if (!holder) return;
  const url = `${cancelled.origin}/myaccount/vouchers/${voucher.id}`;
  await enqueue(tx, giftCancelledEmail({ brand: cancelled.brand, to: holder.email, greeting: greeting(holder.firstName), dealTitle: voucher.dealTitle, notice, claimed: true, url }), cancelled.clock);
}
