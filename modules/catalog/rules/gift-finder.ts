/**
 * The gift finder's options (spec discovery §3 "Gift finder options"): recipients, personalities
 * and price bands. A recipient or personality is a special tag (deal_tags); a price band is a range
 * of the deal price. docs/decisions/gift-finder.md explains the choices the spec leaves open.
 */
import { formatMoney } from "../../../lib/money";
import type { Currency } from "../../../lib/money";

export interface GiftFinderOption {
  id: string;
  name: string;
  /** The special tag (deal_tags.tag) deals carry to be found by this option. */
  searchTag: string;
}

/** Options whose special tag is the prefix and the option's id: `gifts-for-mum`. */
function tagged(prefix: string, names: Readonly<Record<string, string>>): readonly GiftFinderOption[] {
  return Object.entries(names).map(([id, name]) => ({ id, name, searchTag: `${prefix}${id}` }));
}

export const GIFT_RECIPIENTS = tagged("gifts-for-", {
  mum: "Mum",
  dad: "Dad",
  hubby: "Hubby",
  wifey: "Wifey",
  "little-ones": "Little Ones",
  teen: "Teen",
  grandparents: "Grandparents",
  bff: "BFF",
  colleague: "Colleague",
});

export const GIFT_PERSONALITIES = tagged("gifts-for-the-", {
  playful: "Playful",
  indulgent: "Indulgent",
  "insta-famous": "Insta-famous",
  geeky: "Geeky",
  giggly: "Giggly",
  gorgeous: "Gorgeous",
  active: "Active",
  pampered: "Pampered",
  "jet-setter": "Jet Setter",
  daredevil: "Daredevil",
});

/** Lower bounds of the price bands in major units (spec: 0, 10, 20, 50, 100); each runs to the next. */
export const GIFT_PRICE_BANDS = [0, 10, 20, 50, 100] as const;
export type GiftPriceBand = (typeof GIFT_PRICE_BANDS)[number];

/** A band's price range in minor units: `min` inclusive, `max` inclusive (one below the next band), null when open. */
export function priceBandRange(band: GiftPriceBand): { minPrice: number; maxPrice: number | null } {
  const next = GIFT_PRICE_BANDS[GIFT_PRICE_BANDS.indexOf(band) + 1];
  return { minPrice: band * 100, maxPrice: next === undefined ? null : next * 100 - 1 };
}

export function priceBandLabel(band: GiftPriceBand, currency: Currency): string {
  const whole = (major: number) => formatMoney(major * 100, currency).replace(/\.00$/, "");
  const next = GIFT_PRICE_BANDS[GIFT_PRICE_BANDS.indexOf(band) + 1];
  if (band === 0) return `Under ${whole(next)}`;
  return next === undefined ? `${whole(band)} and over` : `${whole(band)} - ${whole(next)}`;
}

/** The recipient named by a path segment such as `gifts-for-mum`; null when none is named, undefined when unknown. */
export function recipientFromSegment(segment: string | undefined): GiftFinderOption | null | undefined {
  if (segment === undefined || segment === "") return null;
  return GIFT_RECIPIENTS.find((recipient) => recipient.searchTag === segment);
}

export function personalityFromParam(value: string | null): GiftFinderOption | null | undefined {
  if (value === null || value === "") return null;
  return GIFT_PERSONALITIES.find((personality) => personality.id === value);
}

export function priceBandFromParam(value: string | null): GiftPriceBand | null | undefined {
  if (value === null || value === "") return null;
  return GIFT_PRICE_BANDS.find((band) => String(band) === value);
}

export interface GiftFinderSelection {
  recipient: GiftFinderOption | null;
  personality: GiftFinderOption | null;
  price: GiftPriceBand | null;
}

/** The page of a selection: the recipient in the path, the rest in the query (page 1 has no page key). */
export function giftFinderHref(root: string, selection: GiftFinderSelection, page = 1): string {
  const params = new URLSearchParams();
  if (selection.personality) params.set("personality", selection.personality.id);
  if (selection.price !== null) params.set("price", String(selection.price));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${root}${selection.recipient ? `/${selection.recipient.searchTag}` : ""}${query ? `?${query}` : ""}`;
}
