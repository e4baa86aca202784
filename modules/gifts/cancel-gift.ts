import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { type Actor, transition } from "../states/transition";
import { giftError } from "./errors";
import { GIFT_CLAIM_PROCESS } from "./gift-claim-process";
import { giftWithdrawnEmail } from "./gift-email";
import { giftClaims } from "./schema";

/** The gift of a voucher still waiting to be claimed, as its buyer sees it; null when there is none. */
export async function unclaimedGiftOf(db: Db, request: { customerId: number; voucherId: number }) {
  const [claim] = await db
    .select({ recipientName: giftClaims.recipientName, recipientEmail: giftClaims.recipientEmail, sentAt: giftClaims.createdAt })
    .from(giftClaims)
    .where(and(eq(giftClaims.voucherId, request.voucherId), eq(giftClaims.buyerCustomerId, request.customerId), eq(giftClaims.status, "SENT")));
  return claim ?? null;
}

/**
 * The buyer takes back a gift nobody has claimed yet (a wrong address, a change of plan): the
 * gift code stops working (SENT → CANCELLED, with history), the recipient is told, and the voucher
 * and its code are the buyer's again, to keep or give again. A claimed gift cannot be taken back.
 * Runs with the claim row locked, so a claim at the same moment either wins or finds it cancelled.
 */
export async function cancelGift(
  services: { db: Db; clock: Clock; brand: BrandId },
  request: { customerId: number; senderName: string; voucherId: number; actor: Actor },
): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    // At most one gift of a voucher is open (SENT or CLAIMED): the gift_claims_open_voucher_uq index.
    const [open] = await tx
      .select()
      .from(giftClaims)
      .where(and(eq(giftClaims.voucherId, request.voucherId), eq(giftClaims.buyerCustomerId, request.customerId), ne(giftClaims.status, "CANCELLED")))
      .for("update");
    if (!open) throw giftError("GIFT_NOT_SENT");
    if (open.status === "CLAIMED") throw giftError("GIFT_ALREADY_CLAIMED_BY_RECIPIENT");
    await transition(tx, GIFT_CLAIM_PROCESS, { id: open.id, from: "SENT", to: "CANCELLED", actor: request.actor, at: now, reason: "withdrawn by the buyer" });
    await enqueue(tx, giftWithdrawnEmail({ brand: services.brand, senderName: request.senderName, recipientName: open.recipientName, recipientEmail: open.recipientEmail }), services.clock);
  });
}
