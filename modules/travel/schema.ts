import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Whether a dated product's price is per night or for the whole stay (a package of fixed nights). */
export type TravelPriceBasis = "night" | "stay";

/**
 * How a dated travel product sells: a room (priced per night, any length within each arrival
 * night's min and max stay) or a package (priced per stay). `occupancy` is the guests per unit
 * (spec §9: 1 room per 2 passengers). Capacity and sales per night are inventory's
 * inventory_nights; the prices and rules per night are travel_rates.
 */
export const travelProducts = pgTable("travel_products", {
  productId: integer("product_id").primaryKey(),
  dealId: integer("deal_id").notNull(),
  priceBasis: text("price_basis").$type<TravelPriceBasis>().notNull(),
  occupancy: integer("occupancy").notNull().default(2),
  roomOnly: boolean("room_only").notNull().default(false),
  /** Choose-your-flight packages: flights are picked from travel_flights for the chosen dates. */
  withFlights: boolean("with_flights").notNull().default(false),
});

/**
 * The price and rules of a dated product on one night (spec §3 Calendar day): the night's price
 * per unit (per night, or per stay when the stay starts that night for packages), the VIP price,
 * whether a stay may start (arrival) or end (departure) on it, whether it is on sale, the min and
 * max length of a stay starting on it, and extra cost text. Sold-out is inventory's business.
 */
export const travelRates = pgTable(
  "travel_rates",
  {
    productId: integer("product_id").notNull(),
    night: date("night").notNull(),
    price: integer("price").notNull(),
    vipPrice: integer("vip_price"),
    openForArrival: boolean("open_for_arrival").notNull().default(true),
    openForDeparture: boolean("open_for_departure").notNull().default(true),
    openForSale: boolean("open_for_sale").notNull().default(true),
    minLengthOfStay: integer("min_length_of_stay").notNull().default(1),
    maxLengthOfStay: integer("max_length_of_stay").notNull().default(16),
    additionalCostText: text("additional_cost_text"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.night] }),
    check("travel_rates_prices_non_negative", sql`${t.price} >= 0 and (${t.vipPrice} is null or ${t.vipPrice} >= 0)`),
    check("travel_rates_stay_bounds", sql`${t.minLengthOfStay} >= 1 and ${t.maxLengthOfStay} >= ${t.minLengthOfStay}`),
  ],
);

export type TravelBookingStatus = "REQUESTED" | "CONFIRMED" | "DECLINED" | "CANCELLED";

/**
 * Booking-calendar-on-redemption deals: after purchase the voucher holder picks dates; the
 * merchant confirms (the voucher becomes Booked) or declines. Requested nights are held as sold
 * so two holders cannot book the last room; a decline gives them back.
 */
export const travelBookings = pgTable(
  "travel_bookings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    voucherId: integer("voucher_id").notNull(),
    customerId: integer("customer_id").notNull(),
    productId: integer("product_id").notNull(),
    checkInDate: date("check_in_date").notNull(),
    checkOutDate: date("check_out_date").notNull(),
    guests: integer("guests").notNull(),
    status: text("status").$type<TravelBookingStatus>().notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    // One live booking per voucher (a declined or cancelled one may be followed by another).
    uniqueIndex("travel_bookings_open_voucher_uq").on(t.voucherId).where(sql`${t.status} in ('REQUESTED', 'CONFIRMED')`),
    index("travel_bookings_product_idx").on(t.productId, t.status),
  ],
);
