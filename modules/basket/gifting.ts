import type { GiftPreset } from "../catalog/gift-presets";
import { BasketError } from "./errors";
import type { basketLines, LineGifting } from "./schema";

/** Longest gift message (the spec shows a characters-remaining counter but not its limit). */
export const GIFT_MESSAGE_LIMIT = 250;
export const GIFT_RECIPIENT_NAME_LIMIT = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type GiftFields = Pick<typeof basketLines.$inferInsert, "gift" | "gifting" | "giftWrap" | "giftPack">;

const clean = (text: string | null | undefined) => text?.trim() || null;

export type GiftType = LineGifting["type"];
type PackType = Extract<GiftType, "NEXT_DAY_GIFT_PACK" | "STANDARD_DELIVERY_GIFT_PACK">;
const PACK_TYPES = new Set<GiftType>(["NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"]);
export const isPackType = (type: GiftType): type is PackType => PACK_TYPES.has(type);
/** The gift types that are products of their own: the wrap and the packs. */
export const isPresetType = (type: GiftType): type is GiftPreset => type === "WRAPPED" || isPackType(type);

/** Spec §4 toasts shown when a gift choice adds a wrap or a pack. */
export const GIFT_TOASTS = { PACK_ADDED: "Gift Pack Added", WRAP_ADDED: "Gift Wrap Added" } as const;
export type GiftToast = (typeof GIFT_TOASTS)[keyof typeof GIFT_TOASTS];

/** Units on the basket's gift wrap and gift pack lines (0: no such line). */
export type PresetUnits = Record<GiftPreset, number>;

/** One item line's gift type and quantity, before and after a change. */
export interface GiftSwitch {
  from: GiftType;
  to: GiftType;
  fromQuantity: number;
  toQuantity: number;
}

/**
 * Spec §4 "Gift type switching", as units on the wrap and pack lines: leaving a pack type takes
 * the item's quantity off that pack's line, leaving WRAPPED takes it off the wrap line; a pack
 * type adds the item's quantity to its pack line ('Gift Pack Added'), WRAPPED adds it to the wrap
 * line ('Gift Wrap Added' when there was no wrap line). A line left with 0 units is removed by the
 * caller. An item's quantity changing under the same type moves its units the same way, quietly.
 */
export function switchGiftUnits(units: PresetUnits, change: GiftSwitch): { units: PresetUnits; toast: GiftToast | null } {
  const next = { ...units };
  if (change.from === change.to && change.fromQuantity === change.toQuantity) return { units: next, toast: null };
  if (isPresetType(change.from)) next[change.from] = Math.max(0, next[change.from] - change.fromQuantity);
  if (isPresetType(change.to)) next[change.to] += change.toQuantity;
  const toast =
    isPackType(change.to) && change.from !== change.to
      ? GIFT_TOASTS.PACK_ADDED
      : change.to === "WRAPPED" && units.WRAPPED === 0 && next.WRAPPED > 0
        ? GIFT_TOASTS.WRAP_ADDED
        : null;
  return { units: next, toast };
}

/**
 * The item line's own fields a gift choice sets (spec §4 "Gift type switching"): NONE clears
 * everything; E_GIFT needs a recipient name and email and drops any wrap or pack; the pack types
 * drop the wrap and name their pack product; WRAPPED names the wrap product and drops the pack.
 * The product ids come from the market's presets, never from the shopper. A message is kept for
 * GIFT and E_GIFT only, trimmed, at most GIFT_MESSAGE_LIMIT characters. The wrap and pack lines
 * themselves follow switchGiftUnits (./gift-lines.ts).
 */
export function giftFields(choice: LineGifting | null, presetProductIds: Partial<Record<GiftPreset, number>> = {}): GiftFields {
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
  const pack = isPackType(choice.type);
  const presetProduct = isPresetType(choice.type) ? presetProductIds[choice.type] : null;
  if (presetProduct === undefined) throw new BasketError("ITEM_UNAVAILABLE");
  return {
    gift: true,
    gifting: {
      gift: true,
      type: choice.type,
      giftProductId: choice.type === "WRAPPED" ? presetProduct : null,
      giftPackProductId: pack ? presetProduct : null,
      ...recipient,
      message,
    },
    giftWrap: choice.type === "WRAPPED",
    giftPack: pack,
  };
}
