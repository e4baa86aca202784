import type { Db } from "../../db/client";
import { inventoryNights } from "../../modules/inventory/schema";
import { addDays } from "../../modules/travel/stay-rules";
import { travelFlights } from "../../modules/inventory/schema";
import { travelProducts, travelRates } from "../../modules/travel/schema";
import { insertSellable } from "./buying-fixtures";
import type { insertCatalogBasics } from "./catalog-fixtures";

type Basics = Awaited<ReturnType<typeof insertCatalogBasics>>;

export interface TravelFixtureOptions {
  /** First night with a rate (YYYY-MM-DD). */
  from: string;
  /** Nights with a rate from `from`. */
  nights?: number;
  /** Rooms (or packages) per night. */
  capacity?: number;
  /** Per room per night (or per stay for "stay"), minor units. */
  price?: number;
  vipPrice?: number | null;
  priceBasis?: "night" | "stay";
  minLengthOfStay?: number;
  maxLengthOfStay?: number;
  withFlights?: boolean;
  redemptionType?: "calendar" | "standard-travel" | "choose-your-flight";
  /** The catalog product's own stock (null: not limited by it). */
  totalRemaining?: number | null;
  vipDiscountAllowed?: boolean;
  pricePerPerson?: boolean;
  /** The product's mandatory admin fee per booking. */
  adminFee?: number;
}

/**
 * A travel deal with one dated product: rates and capacity for a run of nights, and for
 * choose-your-flight deals a pair of flights (LGW out, back to LGW) every day with `seats` seats.
 */
export async function insertTravelStay(db: Db, basics: Basics, options: TravelFixtureOptions) {
  const nights = options.nights ?? 30;
  const { deal, product } = await insertSellable(db, basics, {
    deal: {
      dealType: "travel",
      locationId: null,
      headline: `Coastal escape ${Math.random().toString(36).slice(2, 7)}`,
      price: 5000,
      originalPrice: 10_000,
      discountPercentage: 50,
      redemptionType: options.redemptionType ?? "calendar",
      vipDiscountAllowed: options.vipDiscountAllowed ?? true,
      productDisplayType: "calendar",
      pricePerPerson: options.pricePerPerson ?? false,
    },
    product: { friendlyName: "Double room, breakfast included", price: 5000, originalPrice: 10_000, totalRemaining: options.totalRemaining === undefined ? null : options.totalRemaining, adminFee: options.adminFee ?? 0 },
  });
  await db.insert(travelProducts).values({ productId: product.id, dealId: deal.id, priceBasis: options.priceBasis ?? "night", occupancy: 2, withFlights: options.withFlights ?? false });
  const days = Array.from({ length: nights + 1 }, (_, index) => addDays(options.from, index));
  await db.insert(travelRates).values(
    days.map((night) => ({
      productId: product.id,
      night,
      price: options.price ?? 5000,
      vipPrice: options.vipPrice === undefined ? 4500 : options.vipPrice,
      minLengthOfStay: options.minLengthOfStay ?? 1,
      maxLengthOfStay: options.maxLengthOfStay ?? 16,
    })),
  );
  await db.insert(inventoryNights).values(days.map((night) => ({ productId: product.id, night, capacity: options.capacity ?? 5 })));
  return { deal, product, days };
}

let flightCounter = 0;

/** An outbound flight on `checkIn` and an inbound one on `checkOut` for a choose-your-flight deal. */
export async function insertFlightPair(db: Db, dealId: number, stay: { checkIn: string; checkOut: string; seats: number; outboundDiff?: number; inboundDiff?: number; from?: string }) {
  flightCounter += 1;
  const from = stay.from ?? "LGW";
  const [outbound, inbound] = await db
    .insert(travelFlights)
    .values([
      {
        dealId,
        direction: "outbound" as const,
        flightNumber: `DW${1000 + flightCounter}`,
        departureAirport: from,
        arrivalAirport: "PMI",
        departsAt: new Date(`${stay.checkIn}T08:00:00Z`),
        arrivesAt: new Date(`${stay.checkIn}T10:30:00Z`),
        flightDate: stay.checkIn,
        priceDiff: stay.outboundDiff ?? 0,
        seats: stay.seats,
      },
      {
        dealId,
        direction: "inbound" as const,
        flightNumber: `DW${2000 + flightCounter}`,
        departureAirport: "PMI",
        arrivalAirport: from,
        departsAt: new Date(`${stay.checkOut}T18:00:00Z`),
        arrivesAt: new Date(`${stay.checkOut}T20:30:00Z`),
        flightDate: stay.checkOut,
        priceDiff: stay.inboundDiff ?? 0,
        seats: stay.seats,
      },
    ])
    .returning();
  return { outbound, inbound };
}

/** Passengers as the checkout's form sends them (the lead passenger first, with a phone). */
export function passengerForms(count: number) {
  const names = [
    ["Mr", "Alan", "Turing", "23", "6", "1972"],
    ["Mrs", "Grace", "Hopper", "9", "12", "1976"],
    ["Ms", "Ada", "Lovelace", "10", "12", "1985"],
    ["Miss", "Mary", "Somerville", "26", "12", "2010"],
  ];
  return Array.from({ length: count }, (_, index) => {
    const [title, firstNames, lastName, dobDay, dobMonth, dobYear] = names[index % names.length];
    return { title, firstNames, lastName, dobDay, dobMonth, dobYear, contactPhone: index === 0 ? "07700 900123" : "" };
  });
}
