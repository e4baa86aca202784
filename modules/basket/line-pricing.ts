import { type Currency, formatMoney } from "../../lib/money";
import { chosenDeliveryOption } from "../catalog/rules/delivery-options";
import { unitCharge } from "../catalog/rules/unit-charge";
import type { SellableProduct } from "../catalog/sellable-products";
import { stayCharge } from "../travel/stay-charge";
import type { AddonType, BasketLineKind } from "./schema";

/** VIP one-year add-on (VVE): spec §9, 4.99 a year. */
export const VIP_ADDON_PRICE: Record<Currency, number> = { GBP: 499, EUR: 499 };
export const VIP_ADDON_TITLE = "VIP Membership (1 year)";
/** Deal protection add-on (DVP), one flat price per order: docs/decisions/buying-addons.md. */
export const DEAL_PROTECTION_PRICE: Record<Currency, number> = { GBP: 199, EUR: 199 };
export const DEAL_PROTECTION_TITLE = "Deal Protection";

const ADDON_PRICES: Record<AddonType, Record<Currency, number>> = { VVE: VIP_ADDON_PRICE, DVP: DEAL_PROTECTION_PRICE };
const ADDON_TITLES: Record<AddonType, string> = { VVE: VIP_ADDON_TITLE, DVP: DEAL_PROTECTION_TITLE };

/** What one unit of an add-on costs in a currency (lines stored before DVP existed are VVE). */
export function addonPrice(addonType: AddonType | null, currency: Currency): number {
  return ADDON_PRICES[addonType ?? "VVE"][currency];
}

/** An add-on line's name in the basket, the order and its email. */
export function addonTitle(addonType: AddonType | null): string {
  return ADDON_TITLES[addonType ?? "VVE"];
}

/** The name of a line that is not a deal's product (an add-on, a gift card) in the basket, the order and its email. */
export function extraLineTitle(line: { kind: BasketLineKind; addonType: AddonType | null; reservedPrice: number }, currency: Currency): string {
  return line.kind === "gift_card" ? `${formatMoney(line.reservedPrice, currency)} gift card` : addonTitle(line.addonType);
}

export interface LinePrice {
  /** What one unit costs now (the deposit when paying a deposit), admin fee included. */
  unitPrice: number;
  originalUnitPrice: number;
  postagePerUnit: number;
  /** (unit price + postage) × quantity. */
  lineTotal: number;
  /** Saving per unit against the original price. */
  discount: number;
  discountPercentage: number;
  hasDeposit: boolean;
  depositPrice: number | null;
}

/** What one unit costs a shopper, admin fee included: the VIP price for VIP members where the deal allows it. */
export function productCharge(product: SellableProduct, vip: boolean): { price: number; originalPrice: number } {
  return unitCharge(product, vip && product.deal.vipDiscountAllowed);
}

/**
 * `heldPrice`: the unit price the line was reserved at while its hold is live. A price rise made
 * since never reaches a held line; a drop (or a VIP price the shopper has since joined for) does
 * (docs/decisions/deal-editor-prices-and-baskets.md).
 */
/** Postage for one unit: the chosen delivery option's price, else the deal's single postage. */
export function postagePerUnit(product: SellableProduct, deliveryOptionType: string | null | undefined): number {
  return chosenDeliveryOption(product.deliveryOptions, deliveryOptionType)?.price ?? product.deal.postagePrice;
}

export function priceDealLine(
  product: SellableProduct,
  line: { quantity: number; payDeposit: boolean; deliveryOptionType?: string | null },
  vip: boolean,
  heldPrice?: number,
): LinePrice {
  const charge = productCharge(product, vip);
  const price = heldPrice === undefined ? charge.price : Math.min(heldPrice, charge.price);
  const originalUnitPrice = charge.originalPrice;
  const depositPrice = product.deal.depositPrice;
  const payingDeposit = line.payDeposit && depositPrice !== null && depositPrice < price;
  const unitPrice = payingDeposit ? depositPrice : price;
  const discount = originalUnitPrice - price;
  const postage = postagePerUnit(product, line.deliveryOptionType);
  return {
    unitPrice,
    originalUnitPrice,
    postagePerUnit: postage,
    lineTotal: (unitPrice + postage) * line.quantity,
    discount,
    discountPercentage: originalUnitPrice > 0 ? Math.floor((discount * 100) / originalUnitPrice) : 0,
    hasDeposit: depositPrice !== null,
    depositPrice,
  };
}

export function priceAddonLine(currency: Currency, quantity: number, addonType: AddonType | null = "VVE"): LinePrice {
  return flatLinePrice(addonPrice(addonType, currency), quantity);
}

/** A gift card costs its amount: no discount, no postage. */
export function priceGiftCardLine(amount: number, quantity: number): LinePrice {
  return flatLinePrice(amount, quantity);
}

function flatLinePrice(unitPrice: number, quantity: number): LinePrice {
  return {
    unitPrice,
    originalUnitPrice: unitPrice,
    postagePerUnit: 0,
    lineTotal: unitPrice * quantity,
    discount: 0,
    discountPercentage: 0,
    hasDeposit: false,
    depositPrice: null,
  };
}

/**
 * A dated travel line is one booking (docs/decisions/travel-booking.md): it costs the stay for all
 * its rooms (the VIP rates for VIP members where the deal allows them) plus the chosen flights'
 * price difference for every passenger, plus the product's admin fee. The original price applies
 * the deal's own discount to the stay, so the saving shown is the deal's.
 */
export function priceStayLine(product: SellableProduct, stay: { price: number; vipPrice: number; flightsPrice: number }, vip: boolean): LinePrice {
  const stayPrice = vip && product.deal.vipDiscountAllowed ? stay.vipPrice : stay.price;
  const unitPrice = stayCharge({ roomsPrice: stayPrice, flightsPrice: stay.flightsPrice, adminFee: product.adminFee });
  const regular = Math.max(0, stay.price + stay.flightsPrice);
  const undiscounted = product.price > 0 && product.originalPrice > product.price ? Math.round((regular * product.originalPrice) / product.price) : regular;
  const originalUnitPrice = Math.max(undiscounted + product.adminFee, unitPrice);
  const discount = originalUnitPrice - unitPrice;
  return {
    unitPrice,
    originalUnitPrice,
    postagePerUnit: 0,
    lineTotal: unitPrice,
    discount,
    discountPercentage: originalUnitPrice > 0 ? Math.floor((discount * 100) / originalUnitPrice) : 0,
    hasDeposit: false,
    depositPrice: null,
  };
}
