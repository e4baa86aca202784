import { issueGiftCards } from "../../gift-cards/issue-gift-cards";
import { isHeld, type OrderPlacedStep } from "./context";

/** Each gift card line becomes a card with its code, emailed to the recipient (printed cards: a link to the buyer). */
export const issueGiftCardsStep: OrderPlacedStep = {
  name: "issue gift cards",
  async run(context) {
    const lines = context.lines.filter(({ written }) => written.kind === "gift_card");
    // A held order's gift cards are issued when a reviewer approves it (modules/fraud-review).
    if (lines.length === 0 || isHeld(context)) return;
    await issueGiftCards(context.tx, {
      orderId: context.order.id,
      buyerCustomerId: context.order.customerId,
      buyerEmail: context.order.email,
      senderName: context.firstName,
      brand: context.brand,
      currency: context.order.currency,
      at: context.now,
      actor: context.actor,
      linkOrigin: context.linkOrigin,
      clock: context.clock,
      lines: lines.map(({ entry, written }) => ({
        orderLineId: written.id,
        amount: entry.price.unitPrice,
        recipientName: written.gifting?.recipientName ?? null,
        recipientEmail: written.gifting?.type === "E_GIFT" ? (written.gifting.recipientEmail ?? null) : null,
        message: written.gifting?.message ?? null,
      })),
    });
  },
};
