import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { type Actor, recordInitialStatus } from "../states/transition";
import { GIFT_CLAIM_PROCESS } from "./gift-claim-process";
import { newGiftCode } from "./gift-codes";
import { giftEmail } from "./gift-email";
import { giftClaims } from "./schema";

/** Vouchers of one purchase given to one recipient (an E-gift line, or "Gift it" on one voucher). */
export interface Gift {
  voucherIds: readonly number[];
  orderId: number;
  buyerCustomerId: number;
  recipientName: string;
  recipientEmail: string;
  message: string | null;
  /** What the recipient reads they were given, e.g. "Spa day for two (Weekday)". */
  title: string;
}

export interface GiftSender {
  brand: BrandId;
  senderName: string;
  /** Origin of the /mygift link. */
  origin: string;
  at: Date;
  actor: Actor;
  clock: Clock;
}

/**
 * Gives vouchers as a gift, in the caller's transaction: a gift claim with its own code per voucher
 * (SENT, with its first history row) and one email to the recipient with the codes and the link to
 * /mygift. The vouchers stay the buyer's until claimed. A code is 92 random bits: a collision with
 * an existing one is not worth a retry loop (the unique index would refuse it, never share it).
 */
export async function sendGift(tx: Db, gift: Gift, sender: GiftSender): Promise<string[]> {
  if (gift.voucherIds.length === 0) return [];
  const created = await tx
    .insert(giftClaims)
    .values(
      gift.voucherIds.map((voucherId) => ({
        code: newGiftCode(),
        voucherId,
        orderId: gift.orderId,
        buyerCustomerId: gift.buyerCustomerId,
        recipientName: gift.recipientName,
        recipientEmail: gift.recipientEmail,
        message: gift.message,
        createdAt: sender.at,
      })),
    )
    .returning({ id: giftClaims.id, status: giftClaims.status, code: giftClaims.code });
  await recordInitialStatus(tx, GIFT_CLAIM_PROCESS, created, { actor: sender.actor, at: sender.at });
  const codes = created.map((claim) => claim.code);
  await enqueue(
    tx,
    giftEmail({
      brand: sender.brand,
      senderName: sender.senderName,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      title: gift.title,
      message: gift.message,
      giftCodes: codes,
      origin: sender.origin,
    }),
    sender.clock,
  );
  return codes;
}
