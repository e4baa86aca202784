import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import type { LineInput } from "../../modules/basket/add-product";
import { GIFT_MESSAGE_LIMIT } from "../../modules/basket/gifting";
import { ADDON_TYPES } from "../../modules/basket/schema";
import { PASSENGER_TITLES } from "../../modules/travel/passengers";

const optionalText = z.string().max(500).nullable().optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-12-24")
  .nullable()
  .optional();

export const PassengerSchema = z
  .object({
    title: z.enum(PASSENGER_TITLES),
    firstNames: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().openapi({ example: "1985-03-27" }),
    contactPhone: z.string().optional(),
  })
  .openapi("Passenger");

/** A passenger as sent: the date of birth as YYYY-MM-DD or as day, month and year (what the form has). */
export const PassengerInputSchema = z
  .object({
    title: z.string().max(10).nullable().optional(),
    firstNames: z.string().max(200).nullable().optional(),
    lastName: z.string().max(200).nullable().optional(),
    dateOfBirth: z.string().max(10).nullable().optional().openapi({ example: "1985-03-27" }),
    dobDay: z.union([z.string().max(4), z.number().int()]).nullable().optional(),
    dobMonth: z.union([z.string().max(4), z.number().int()]).nullable().optional(),
    dobYear: z.union([z.string().max(6), z.number().int()]).nullable().optional(),
    contactPhone: z.string().max(40).nullable().optional(),
  })
  .openapi("PassengerInput");

export const PassengersInputSchema = z.object({ passengers: z.array(PassengerInputSchema).max(8) }).openapi("PassengersInput");

export const GiftingSchema = z.object({
  gift: z.boolean(),
  giftPackProductId: z.number().int().nullable(),
  giftProductId: z.number().int().nullable(),
  type: z.enum(["NONE", "GIFT", "E_GIFT", "NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK", "WRAPPED"]),
  recipientName: z.string().max(100).nullable().optional(),
  recipientEmail: z.string().max(254).nullable().optional(),
  message: z.string().max(GIFT_MESSAGE_LIMIT).nullable().optional(),
});

/** The fields of a line a shopper may set (spec §3 basket line; §7 PATCH product). */
const lineChoices = {
  deliveryOptionType: optionalText,
  payDeposit: z.boolean().optional(),
  gift: z.boolean().optional(),
  giftClaim: optionalText,
  gifting: GiftingSchema.nullable().optional(),
  giftPack: z.boolean().optional(),
  giftWrap: z.boolean().optional(),
  checkInDate: isoDate,
  checkOutDate: isoDate,
  /** Travel (docs/decisions/travel-booking.md): passengers, and the flight pair of a choose-your-flight stay. */
  guests: z.number().int().min(1).max(99).nullable().optional().openapi({ description: "travel passengers: 2, 4, 6 or 8 (1 room per 2)", example: 2 }),
  flights: z
    .object({ outboundFlightId: recordId(), inboundFlightId: recordId() })
    .nullable()
    .optional()
    .openapi({ description: "the flight pair chosen (ids from the flights call); priced and checked when added" }),
  leadInProductId: recordId().nullable().optional().openapi({ description: "hotel-ads productId" }),
  utmMedium: optionalText.openapi({ description: "hotel-ads utm_medium: free-hotel-ads → free, paid-hotel-ads → paid" }),
  utmSource: optionalText.openapi({ description: "hotel-ads utm_source: free-hotel-ads → free, paid-hotel-ads → paid, google → google" }),
  bookingCalendarOnRedemption: z.boolean().optional(),
  adId: optionalText,
  mgId: optionalText,
  purchaseGclid: optionalText,
  purchaseLocation: optionalText,
  purchaseUrl: z.string().max(2000).nullable().optional(),
  sessionPurchaseSource: optionalText,
};

export const ProductInputSchema = z
  .object({
    dealId: recordId().optional(),
    dealProductId: recordId().openapi({ example: 5000001 }),
    quantity: z.number().int().min(1).max(1000).openapi({ example: 1 }),
    ...lineChoices,
  })
  .openapi("BasketProductInput");

export const LinePatchSchema = z.object({ quantity: z.number().int().min(1).max(1000).optional(), ...lineChoices }).openapi("BasketProductPatch");

export const BasketInputSchema = z
  .object({
    brand: z.string().max(40).optional(),
    customerToken: z.string().max(200).nullable().optional(),
    eligibleForVip: z.boolean().optional(),
    id: recordId().optional(),
    products: z.array(ProductInputSchema).max(50).optional(),
  })
  .openapi("BasketInput");

export const AddonInputSchema = z
  .object({ addonType: z.enum(ADDON_TYPES), productId: recordId().optional(), quantity: z.number().int().min(1).max(1).optional() })
  .openapi("BasketAddonInput");

export function lineInput(product: z.infer<typeof ProductInputSchema>): LineInput {
  const { dealProductId, ...rest } = product;
  return { ...rest, productId: dealProductId };
}

const Money = z.number().int().openapi({ description: "minor units (pence, cent)" });

export const BasketLineSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(["deal", "addon", "gift_card"]),
    addonType: z.string().nullable(),
    dealId: z.number().int().nullable(),
    dealProductId: z.number().int().nullable(),
    title: z.string(),
    productName: z.string().nullable(),
    merchantName: z.string().nullable(),
    imageUrl: z.string().nullable(),
    dealUrl: z.string().nullable(),
    deliveryOptionType: z.string().nullable(),
    quantity: z.number().int(),
    currency: z.enum(["GBP", "EUR"]),
    price: Money,
    originalPrice: Money,
    discount: Money,
    discountPercentage: z.number().int(),
    displayDiscount: z.boolean(),
    postagePrice: Money,
    lineTotal: Money,
    purchaseCap: z.number().int().openapi({ description: "the effective cap: most units this line may hold" }),
    gift: z.boolean(),
    giftClaim: z.string().nullable(),
    gifting: GiftingSchema.nullable(),
    giftPack: z.boolean(),
    giftWrap: z.boolean(),
    payDeposit: z.boolean(),
    hasDeposit: z.boolean(),
    depositProduct: z.object({ id: z.number().int(), price: Money }).nullable(),
    checkInDate: z.string().nullable(),
    checkOutDate: z.string().nullable(),
    numberOfNights: z.number().int().nullable(),
    flights: z
      .object({ outboundFlightId: z.number().int(), inboundFlightId: z.number().int(), departureAirport: z.string(), arrivalAirport: z.string(), priceDiff: Money })
      .nullable(),
    guests: z.number().int().nullable(),
    rooms: z.number().int().nullable().openapi({ description: "travel: rooms (or packages) booked on every night" }),
    passengers: z.array(PassengerSchema).nullable(),
    leadInProductId: z.number().int().nullable(),
    utmMedium: z.string().nullable(),
    utmSource: z.string().nullable(),
    bookingCalendarOnRedemption: z.boolean(),
    adId: z.string().nullable(),
    mgId: z.string().nullable(),
    purchaseGclid: z.string().nullable(),
    purchaseLocation: z.string().nullable(),
    purchaseUrl: z.string().nullable(),
    sessionPurchaseSource: z.string().nullable(),
    availability: z.enum(["AVAILABLE", "LIMITED", "EXPIRING_SOON", "OUT_OF_STOCK", "SOLD_OUT"]),
    reservation: z.object({
      status: z.enum(["RESERVED", "EXPIRED"]),
      expiresAt: z.string().nullable(),
      reservedPrice: Money,
    }),
    problem: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .openapi("BasketLine");

export const BasketSchema = z
  .object({
    id: z.number().int(),
    token: z.string(),
    brand: z.string(),
    customerToken: z.string().nullable(),
    eligibleForVip: z.boolean(),
    currency: z.enum(["GBP", "EUR"]),
    products: z.array(BasketLineSchema),
    quantity: z.string().openapi({ description: "sum of the quantities, empty when 0", example: "2" }),
    reservedUntil: z.string().nullable().openapi({ description: "when the first live hold ends (the countdown)" }),
  })
  .openapi("Basket");
