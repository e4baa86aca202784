import { BasketError } from "./errors";
import type { basketLines, LineGifting } from "./schema";

/** Longest gift message (the spec shows a characters-remaining counter but not its limit). */
export const GIFT_MESSAGE_LIMIT = 250;
export const GIFT_RECIPIENT_NAME_LIMIT = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PACK_TYPES = new Set<LineGifting["type"]>(["NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"]);

type GiftFields = Pick<typeof basketLines.$inferInsert, "gift" | "gifting" | "giftWrap" | "giftPack">;

const clean = (text: string | null | undefined) => text?.trim() || null;

/**
 * The line fields a gift choice sets (spec §4 "Gift type switching"): NONE clears everything;
 * E_GIFT needs a recipient name and email and drops any wrap or pack; the pack types drop the wrap
 * and set the pack; WRAPPED sets the wrap and drops the pack. A message is kept for GIFT and
 * E_GIFT only, trimmed, at most GIFT_MESSAGE_LIMIT characters. The separate wrap and pack product
 * lines of the spec need catalogue products that do not exist yet (docs/decisions/buying-addons.md).
 */
export function giftFields(choice: LineGifting | null): GiftFields {
  if (!choice || choice.type === "NONE") {
    return { gift: false, gifting: choice && { gift: false, giftPackProductId: null, giftProductId: null, type: "NONE" }, giftWrap: false, giftPack: false };
  }
  const message = ["GIFT", "E_GIFT"].includes(choice.type) ? clean(choice.message) : null;
  if (message && message.length > GIFT_MESSAGE_LIMIT) throw new BasketError("GIFT_MESSAGE_TOO_LONG");
  let recipient: { recipientName: string | null; recipientEmail: string | null } = { recipientName: null, recipientEmail: null };
  if (choice.type === "E_GIFT") {
    const email = clean(choice.recipientEmail);
    const name = clean(choice.recipientName);
    if (!email || email.length > 254 || !EMAIL_PATTERN.test(email)) throw new BasketError("GIFT_RECIPIENT_REQUIRED");
    if (!name || name.length > GIFT_RECIPIENT_NAME_LIMIT) throw new BasketError("GIFT_RECIPIENT_NAME_REQUIRED");
    recipient = { recipientName: name, recipientEmail: email.toLowerCase() };
  }
  const pack = PACK_TYPES.has(choice.type);
  return {
    gift: true,
    gifting: {
      gift: true,
      type: choice.type,
      giftProductId: choice.giftProductId ?? null,
      giftPackProductId: pack ? (choice.giftPackProductId ?? null) : null,
      ...recipient,
      message,
    },
    giftWrap: choice.type === "WRAPPED",
    giftPack: pack,
  };
}
