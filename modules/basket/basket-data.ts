import { chosenDeliveryOption } from "../catalog/rules/delivery-options";
import type { LineAttribution } from "../../lib/attribution";
import type { EvaluatedLine, LineAvailability } from "./evaluate-lines";
import { extraLineTitle } from "./line-pricing";
import type { BasketLineKind, LineFlights, LineGifting, LinePassenger } from "./schema";
import type { BasketView } from "./view-basket";

/** A basket line as the API and the pages show it (spec §3 line fields; money in minor units). */
export interface BasketLineData extends LineAttribution {
  id: number;
  kind: BasketLineKind;
  addonType: string | null;
  dealId: number | null;
  dealProductId: number | null;
  title: string;
  productName: string | null;
  merchantName: string | null;
  imageUrl: string | null;
  dealUrl: string | null;
  deliveryOptionType: string | null;
  quantity: number;
  currency: "GBP" | "EUR";
  price: number;
  originalPrice: number;
  discount: number;
  discountPercentage: number;
  displayDiscount: boolean;
  postagePrice: number;
  lineTotal: number;
  purchaseCap: number;
  gift: boolean;
  giftClaim: string | null;
  gifting: LineGifting | null;
  giftPack: boolean;
  giftWrap: boolean;
  payDeposit: boolean;
  hasDeposit: boolean;
  depositProduct: { id: number; price: number } | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  numberOfNights: number | null;
  flights: LineFlights | null;
  /** Travel: passengers booked, rooms (or packages) per night, and the passengers' details once entered. */
  guests: number | null;
  rooms: number | null;
  passengers: LinePassenger[] | null;
  bookingCalendarOnRedemption: boolean;
  availability: LineAvailability;
  reservation: { status: "RESERVED" | "EXPIRED"; expiresAt: string | null; reservedPrice: number };
  problem: { code: string; message: string } | null;
}

export interface BasketData {
  id: number;
  token: string;
  brand: string;
  customerToken: string | null;
  eligibleForVip: boolean;
  currency: "GBP" | "EUR";
  products: BasketLineData[];
  quantity: string;
  reservedUntil: string | null;
}

function nights(checkIn: string | null, checkOut: string | null): number | null {
  if (!checkIn || !checkOut) return null;
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}

export function basketLineData(entry: EvaluatedLine, currency: "GBP" | "EUR"): BasketLineData {
  const { line, product, price } = entry;
  return {
    id: line.id,
    kind: line.kind,
    addonType: line.addonType,
    dealId: line.dealId,
    dealProductId: line.productId,
    title: product ? product.deal.headline : extraLineTitle(line, currency),
    productName: product?.friendlyName ?? null,
    merchantName: product?.deal.merchantName ?? null,
    imageUrl: product?.deal.imageUrl ?? null,
    // Gift wrap and gift packs have no deal page.
    dealUrl: product && product.deal.giftPreset === null ? product.deal.urlPath : null,
    // The option charged: the one chosen, else the cheapest the product offers.
    deliveryOptionType: (product && chosenDeliveryOption(product.deliveryOptions, line.deliveryOptionType)?.method) ?? line.deliveryOptionType,
    quantity: line.quantity,
    currency,
    price: price.unitPrice,
    originalPrice: price.originalUnitPrice,
    discount: price.discount,
    discountPercentage: price.discountPercentage,
    displayDiscount: price.discount > 0,
    postagePrice: price.postagePerUnit,
    lineTotal: price.lineTotal,
    purchaseCap: entry.cap.cap,
    gift: line.gift,
    giftClaim: line.giftClaim,
    gifting: line.gifting,
    giftPack: line.giftPack,
    giftWrap: line.giftWrap,
    payDeposit: line.payDeposit,
    hasDeposit: price.hasDeposit,
    depositProduct: price.depositPrice !== null && product ? { id: product.id, price: price.depositPrice } : null,
    checkInDate: line.checkInDate,
    checkOutDate: line.checkOutDate,
    numberOfNights: nights(line.checkInDate, line.checkOutDate),
    flights: line.flights,
    guests: line.guests,
    rooms: entry.stay?.rooms ?? null,
    passengers: line.passengers,
    leadInProductId: line.leadInProductId,
    utmMedium: line.utmMedium,
    utmSource: line.utmSource,
    bookingCalendarOnRedemption: line.bookingCalendarOnRedemption,
    adId: line.adId,
    mgId: line.mgId,
    purchaseGclid: line.purchaseGclid,
    purchaseLocation: line.purchaseLocation,
    purchaseUrl: line.purchaseUrl,
    sessionPurchaseSource: line.sessionPurchaseSource,
    availability: entry.availability,
    reservation: { status: entry.hold.status, expiresAt: entry.hold.expiresAt?.toISOString() ?? null, reservedPrice: line.reservedPrice },
    problem: entry.problem ? { code: `BASKET_${entry.problem.code}`, message: entry.problem.message } : null,
  };
}

export function basketData(view: BasketView, customerToken: string | null): BasketData {
  return {
    id: view.basket.id,
    token: view.basket.token,
    brand: view.basket.brand,
    customerToken,
    eligibleForVip: view.basket.eligibleForVip,
    currency: view.basket.currency,
    products: view.lines.map((entry) => basketLineData(entry, view.basket.currency)),
    quantity: view.quantity,
    reservedUntil: view.reservedUntil?.toISOString() ?? null,
  };
}
