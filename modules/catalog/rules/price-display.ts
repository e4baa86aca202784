/**
 * How a deal's price is shown (spec discovery §3 "Price display modes"). The spec lists the modes
 * but not their precedence; the order below is recorded in docs/decisions/catalog-price-display.md.
 */
import { type Currency, formatMoney } from "../../../lib/money";
import type { DealType, ProductDisplayType } from "../schema";
import { discountBadge } from "./discount-badge";

export const PRICE_DISPLAY_MODES = [
  "PRICE_IS_HIDDEN",
  "SHOW_DISCOUNT",
  "SHOW_DISCOUNT_INDICATIVE",
  "SHOW_DISCOUNT_PERCENTAGE_NATIONAL",
  "SHOW_ORIGINAL_PRICE",
  "SHOW_ORIGINAL_PRICE_NATIONAL",
  "SHOW_PRICE",
  "SHOW_VIP_DISCOUNT_PRICE",
] as const;
export type PriceDisplayMode = (typeof PRICE_DISPLAY_MODES)[number];

export type PriceDisplayChoice =
  | "hidden"
  | "showPrice"
  | "showOriginalPrice"
  | "showDiscount"
  | "showDiscountIndicative"
  | "showDropDownPrice";

export interface PriceFacts {
  dealType: DealType;
  currency: Currency;
  price: number;
  originalPrice: number;
  discountPercentage: number;
  vipPrice: number | null;
  vipDiscountPercentage: number | null;
  vipDiscountAllowed: boolean;
  showPrice: boolean;
  showDiscount: boolean;
  priceIndicative: boolean;
  pricePerPerson: boolean;
  priceText: string | null;
}

/** Whose eyes: VIP members see the VIP price where the deal allows it. */
export interface PriceViewer {
  vipUser: boolean;
}

export function hasVipPrice(deal: Pick<PriceFacts, "vipDiscountAllowed" | "vipPrice">): deal is { vipDiscountAllowed: true; vipPrice: number } {
  return deal.vipDiscountAllowed && deal.vipPrice !== null;
}

/**
 * Precedence, first match wins: hidden price; VIP price for a VIP viewer; indicative ("from")
 * price; a discount (percentage wording for national deals); the original price when the
 * discount is not to be shown (RRP wording for national deals); the plain price.
 */
export function priceDisplayMode(deal: PriceFacts, viewer: PriceViewer): PriceDisplayMode {
  if (!deal.showPrice) return "PRICE_IS_HIDDEN";
  if (viewer.vipUser && hasVipPrice(deal)) return "SHOW_VIP_DISCOUNT_PRICE";
  const discounted = deal.originalPrice > deal.price;
  if (deal.priceIndicative) return "SHOW_DISCOUNT_INDICATIVE";
  if (discounted && deal.showDiscount) {
    return deal.dealType === "national" ? "SHOW_DISCOUNT_PERCENTAGE_NATIONAL" : "SHOW_DISCOUNT";
  }
  if (discounted) return deal.dealType === "national" ? "SHOW_ORIGINAL_PRICE_NATIONAL" : "SHOW_ORIGINAL_PRICE";
  return "SHOW_PRICE";
}

/**
 * The display choice for a mode: several products picked from a dropdown show the chosen
 * product's price ("showDropDownPrice") instead of the deal's lead price.
 */
export function priceDisplayChoice(
  mode: PriceDisplayMode,
  options: { productCount: number; productDisplayType: ProductDisplayType } = { productCount: 1, productDisplayType: "dropdown" },
): PriceDisplayChoice {
  if (mode === "PRICE_IS_HIDDEN") return "hidden";
  if (mode === "SHOW_DISCOUNT_INDICATIVE") return "showDiscountIndicative";
  if (options.productCount > 1 && options.productDisplayType === "dropdown") return "showDropDownPrice";
  switch (mode) {
    case "SHOW_PRICE":
      return "showPrice";
    case "SHOW_ORIGINAL_PRICE":
    case "SHOW_ORIGINAL_PRICE_NATIONAL":
      return "showOriginalPrice";
    case "SHOW_DISCOUNT":
    case "SHOW_DISCOUNT_PERCENTAGE_NATIONAL":
    case "SHOW_VIP_DISCOUNT_PRICE":
      return "showDiscount";
  }
}

const MONEY_OR_PERCENT = /[%£€]/;

/**
 * The text shown in place of a hidden price. Where the caller requires it (a product line, where
 * "Up to 50% off" would read as that product's price), a text naming money or a percentage is
 * shown as empty.
 */
export function hiddenPriceText(priceText: string | null, options: { blankMoneyText: boolean }): string {
  const text = priceText ?? "";
  return options.blankMoneyText && MONEY_OR_PERCENT.test(text) ? "" : text;
}

/** Everything a price block renders, already formatted (two decimals, FREE for zero). */
export interface PriceView {
  mode: PriceDisplayMode;
  /** Empty when the price is hidden. */
  price: string;
  /** "From" for an indicative price. */
  prefix: string;
  /** "pp" when the price is per person. */
  suffix: string;
  /** Struck-through original price, when shown. */
  wasPrice: string | null;
  /** "Was" or "RRP" label of the original price. */
  wasLabel: string;
  /** "Save 57%" or "Save up to 57%" (discountBadge), or null. */
  discountLabel: string | null;
  vip: boolean;
  /** The deal's price text, shown when the price is hidden. */
  hiddenText: string;
}

export function describePrice(deal: PriceFacts, viewer: PriceViewer): PriceView {
  const mode = priceDisplayMode(deal, viewer);
  const money = (amount: number) => formatMoney(amount, deal.currency);
  const suffix = deal.pricePerPerson ? "pp" : "";
  const base: PriceView = {
    mode,
    price: money(deal.price),
    prefix: "",
    suffix,
    wasPrice: null,
    wasLabel: "Was",
    discountLabel: null,
    vip: false,
    hiddenText: "",
  };
  switch (mode) {
    case "PRICE_IS_HIDDEN":
      return { ...base, price: "", suffix: "", hiddenText: hiddenPriceText(deal.priceText, { blankMoneyText: false }) };
    case "SHOW_VIP_DISCOUNT_PRICE":
      return {
        ...base,
        price: money(deal.vipPrice ?? deal.price),
        vip: true,
        wasPrice: money(deal.originalPrice),
        discountLabel: discountBadge(deal.vipDiscountPercentage ?? deal.discountPercentage),
      };
    case "SHOW_DISCOUNT_INDICATIVE":
      return { ...base, prefix: "From", discountLabel: discountBadge(deal.discountPercentage, { upTo: true }) };
    case "SHOW_DISCOUNT":
      return { ...base, wasPrice: money(deal.originalPrice), discountLabel: discountBadge(deal.discountPercentage) };
    case "SHOW_DISCOUNT_PERCENTAGE_NATIONAL":
      return { ...base, wasPrice: money(deal.originalPrice), discountLabel: discountBadge(deal.discountPercentage) };
    case "SHOW_ORIGINAL_PRICE":
      return { ...base, wasPrice: money(deal.originalPrice) };
    case "SHOW_ORIGINAL_PRICE_NATIONAL":
      return { ...base, wasPrice: money(deal.originalPrice), wasLabel: "RRP" };
    case "SHOW_PRICE":
      return base;
  }
}
