import type { LineGifting } from "../../../modules/basket/schema";

/** How a gift card in the basket or order reaches its recipient, in a few words. */
export function giftCardDeliveryText(gifting: Pick<LineGifting, "type" | "recipientName" | "recipientEmail"> | null): string {
  if (gifting?.type === "E_GIFT" && gifting.recipientEmail) return `Emailed to ${gifting.recipientName ?? ""} (${gifting.recipientEmail})`;
  return gifting?.recipientName ? `For you to print and give to ${gifting.recipientName}` : "For you to print and give";
}

/** Why wallet credit pays less than the total when the basket holds a gift card (docs/decisions/gift-cards.md). */
export const GIFT_CARD_WALLET_NOTE = "Gift cards are paid by card: wallet credit can't be used for them.";
