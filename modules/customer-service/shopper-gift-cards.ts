import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { lockBoughtGiftCard, reissueGiftCard, voidGiftCard } from "../gift-cards/void-gift-card";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { customerServiceError } from "./errors";
import { staffActorOf } from "./goodwill-credits";
import { activeShopper } from "./shopper-voucher";
import { staffReason } from "./staff-reason";

interface GiftCardRequest {
  customerId: number;
  giftCardId: number;
  reason: string;
}

/** A gift card this shopper bought, not redeemed and not past its expiry (even before the expiry job marks it), locked until the transaction ends. */
async function lockIssuedCard(tx: Db, customerId: number, giftCardId: number, now: Date) {
  const shopper = await activeShopper(tx, customerId);
  const card = await lockBoughtGiftCard(tx, shopper.id, giftCardId);
  if (!card) throw customerServiceError("GIFT_CARD_NOT_THEIRS");
  if (card.status !== "ISSUED" || card.expiresAt.getTime() <= now.getTime()) throw customerServiceError("GIFT_CARD_NOT_ISSUED");
  return { shopper, card };
}

/** Customer service voids a gift card the shopper bought (a lost or mis-sent code): redeeming it is refused from now on; audited with the reason. */
export async function voidShopperGiftCard(db: Db, clock: Clock, actor: StaffActor, request: GiftCardRequest): Promise<void> {
  const reason = staffReason(request.reason);
  await db.transaction(async (tx) => {
    const { card } = await lockIssuedCard(tx, request.customerId, request.giftCardId, clock.now());
    await voidGiftCard(tx, card, { actor: staffActorOf(actor), at: clock.now(), reason });
    await recordStaffChange(tx, clock, actor, {
      action: "gift-card.void",
      entity: { type: "gift_card", id: card.id },
      before: { status: card.status },
      after: { status: "VOIDED" },
      reason,
    });
  });
}

/**
 * Customer service replaces a gift card the shopper bought: the old card is voided and a new one
 * with the same amount, recipient and expiry gets a new code, emailed as a bought card's is (to the
 * recipient, or the print link to the buyer), in one transaction; the audit keeps old and new (staff only).
 */
export async function reissueShopperGiftCard(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: GiftCardRequest & { linkOrigin: (brand: BrandId) => string },
): Promise<{ id: number; code: string }> {
  const reason = staffReason(request.reason);
  return db.transaction(async (tx) => {
    const { shopper, card } = await lockIssuedCard(tx, request.customerId, request.giftCardId, clock.now());
    const replacement = await reissueGiftCard(tx, card, {
      actor: staffActorOf(actor),
      at: clock.now(),
      reason,
      brand: shopper.brand,
      senderName: shopper.firstName,
      buyerEmail: shopper.email,
      linkOrigin: request.linkOrigin(shopper.brand),
      clock,
    });
    await recordStaffChange(tx, clock, actor, {
      action: "gift-card.reissue",
      entity: { type: "gift_card", id: card.id },
      before: { status: card.status, code: card.code, replacedBy: null },
      after: { status: "VOIDED", code: replacement.code, replacedBy: replacement.id },
      reason,
    });
    return replacement;
  });
}
