import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Units held for a basket line until `expires_at`: they count against what others can buy. Keyed
 * by product and, for travel, the night held (null for an undated voucher). Owned by the inventory
 * module; baskets hold and release through it.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    basketLineId: integer("basket_line_id").notNull(),
    basketId: integer("basket_id").notNull(),
    productId: integer("product_id").notNull(),
    /** The travel night held; null for products sold without dates. */
    night: date("night"),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("stock_reservations_line_night_uq").on(t.basketLineId, t.night).nullsNotDistinct(),
    index("stock_reservations_product_idx").on(t.productId, t.expiresAt),
    index("stock_reservations_basket_idx").on(t.basketId),
  ],
);

/** Capacity and sales of a dated product per night (a travel room or package on a date). */
export const inventoryNights = pgTable(
  "inventory_nights",
  {
    productId: integer("product_id").notNull(),
    night: date("night").notNull(),
    capacity: integer("capacity").notNull(),
    sold: integer("sold").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.night] })],
);

/**
 * Units each customer has bought of each product, written with every sale in the order's
 * transaction: per-customer purchase caps read it (the deal-wide caps and the social cue read
 * catalog's deal_sales_hourly, written by the same sale).
 */
export const customerPurchases = pgTable(
  "customer_purchases",
  {
    customerId: integer("customer_id").notNull(),
    dealId: integer("deal_id").notNull(),
    productId: integer("product_id").notNull(),
    units: integer("units").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dealId, t.productId] })],
);

export type FlightDirection = "outbound" | "inbound";

/**
 * The generated flight schedule of choose-your-flight deals: one row per flight and date. Owned by
 * inventory because its seats are stock sold in orders (./kinds/flight-seats.ts); travel reads the
 * schedule (docs/decisions/inventory-stock-kinds.md).
 * `price_diff` is per passenger against the lead flight price (spec §3 Flight priceDiff);
 * seats are sold in the order's transaction (never more than `seats`).
 */
export const travelFlights = pgTable(
  "travel_flights",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id").notNull(),
    direction: text("direction").$type<FlightDirection>().notNull(),
    flightNumber: text("flight_number").notNull(),
    departureAirport: text("departure_airport").notNull(),
    arrivalAirport: text("arrival_airport").notNull(),
    departsAt: timestamp("departs_at", { withTimezone: true }).notNull(),
    arrivesAt: timestamp("arrives_at", { withTimezone: true }).notNull(),
    /** The local date of departure (the calendar date a journey belongs to). */
    flightDate: date("flight_date").notNull(),
    priceDiff: integer("price_diff").notNull().default(0),
    seats: integer("seats").notNull(),
    seatsSold: integer("seats_sold").notNull().default(0),
  },
  (t) => [
    index("travel_flights_deal_date_idx").on(t.dealId, t.flightDate, t.direction, t.departureAirport),
    uniqueIndex("travel_flights_number_date_uq").on(t.flightNumber, t.flightDate),
    check("travel_flights_seats", sql`${t.seatsSold} >= 0 and ${t.seatsSold} <= ${t.seats}`),
  ],
);
