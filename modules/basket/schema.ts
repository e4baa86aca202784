import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { products } from "../catalog/schema";
import { customers } from "../accounts/schema";

/**
 * A shopper's basket, found by its opaque token (cookie, URL of the checkout). A guest's basket has
 * no customer; signing in links it (PATCH). Once an order is placed from it, it is closed.
 */
export const baskets = pgTable(
  "baskets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    token: text("token").notNull(),
    brand: text("brand").$type<BrandId>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    eligibleForVip: boolean("eligible_for_vip").notNull().default(false),
    /** The promo code the shopper applied; checked again every time the basket is priced. */
    promoCode: text("promo_code"),
    /** Whether the shopper chose to pay with wallet credit. */
    useWallet: boolean("use_wallet").notNull().default(false),
    /** Set in the transaction that places the order; an ordered basket never changes again. */
    orderedAt: timestamp("ordered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("baskets_token_uq").on(t.token),
    index("baskets_customer_open_idx").on(t.customerId, t.updatedAt.desc()).where(sql`${t.orderedAt} is null`),
  ],
);

/** gift_card: a gift card bought as a product (amount in reserved_price, recipient in gifting; docs/decisions/gift-cards.md). */
export type BasketLineKind = "deal" | "addon" | "gift_card";
/** VVE: VIP membership for a year; DVP: deal protection for the order's vouchers (docs/decisions/buying-addons.md). */
export type AddonType = "VVE" | "DVP";
export const ADDON_TYPES = ["VVE", "DVP"] as const satisfies readonly AddonType[];

/** A chosen flight pair on a choose-your-flight line (ids are travel_flights rows). */
export interface LineFlights {
  outboundFlightId: number;
  inboundFlightId: number;
  departureAirport: string;
  arrivalAirport: string;
  /** Per passenger, minor units, against the lead flight price (spec §3 Flight priceDiff). */
  priceDiff: number;
}

/** A travel passenger (spec §3 Passenger); the contact phone is asked of the lead passenger. */
export interface LinePassenger {
  title: "Mr" | "Mrs" | "Ms" | "Miss";
  firstNames: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  contactPhone?: string;
}

export interface LineGifting {
  gift: boolean;
  giftPackProductId: number | null;
  giftProductId: number | null;
  type: "NONE" | "GIFT" | "E_GIFT" | "NEXT_DAY_GIFT_PACK" | "STANDARD_DELIVERY_GIFT_PACK" | "WRAPPED";
  /** E_GIFT: who receives the e-voucher, and the shopper's message (GIFT may carry a message too). */
  recipientName?: string | null;
  recipientEmail?: string | null;
  message?: string | null;
}

/** What a shopper picked: a deal's product (or an add-on such as VIP) with the spec's line fields. */
export const basketLines = pgTable(
  "basket_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    basketId: integer("basket_id")
      .notNull()
      .references(() => baskets.id, { onDelete: "cascade" }),
    kind: text("kind").$type<BasketLineKind>().notNull().default("deal"),
    addonType: text("addon_type").$type<AddonType>(),
    dealId: integer("deal_id"),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The unit price when the line was added or last reserved: "reserved at price". */
    reservedPrice: integer("reserved_price").notNull(),
    deliveryOptionType: text("delivery_option_type"),
    payDeposit: boolean("pay_deposit").notNull().default(false),
    gift: boolean("gift").notNull().default(false),
    giftClaim: text("gift_claim"),
    gifting: jsonb("gifting").$type<LineGifting>(),
    giftPack: boolean("gift_pack").notNull().default(false),
    giftWrap: boolean("gift_wrap").notNull().default(false),
    checkInDate: date("check_in_date"),
    checkOutDate: date("check_out_date"),
    flights: jsonb("flights").$type<LineFlights>(),
    /** Travel: passengers booked (2, 4, 6 or 8; one room per 2), and their details once entered. */
    guests: integer("guests"),
    passengers: jsonb("passengers").$type<LinePassenger[]>(),
    /** Hotel-ads landings (spec §2): the lead product linked to and the attribution (free, paid, google). */
    leadInProductId: integer("lead_in_product_id"),
    utmMedium: text("utm_medium"),
    utmSource: text("utm_source"),
    bookingCalendarOnRedemption: boolean("booking_calendar_on_redemption").notNull().default(false),
    adId: text("ad_id"),
    mgId: text("mg_id"),
    purchaseGclid: text("purchase_gclid"),
    purchaseLocation: text("purchase_location"),
    purchaseUrl: text("purchase_url"),
    sessionPurchaseSource: text("session_purchase_source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("basket_lines_basket_idx").on(t.basketId, t.id),
    check("basket_lines_quantity_non_negative", sql`${t.quantity} >= 0`),
  ],
);

