import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../modules/catalog/schema";
import { inventoryNights, stockReservations } from "../../modules/inventory/schema";
import { travelFlights } from "../../modules/inventory/schema";
import { travelProducts, travelRates } from "../../modules/travel/schema";
import { addDays } from "../../modules/travel/stay-rules";
import { insertCatalogBasics, insertDeal, insertMoreCategories } from "./catalog-fixtures";

type Basics = Awaited<ReturnType<typeof insertCatalogBasics>>;

/** The catalogue a travel fixture needs (call once per database). */
export async function insertTravelBasics(db: Db) {
  const basics = await insertCatalogBasics(db);
  return { basics, more: await insertMoreCategories(db, basics) };
}

export interface NightSpec {
  price: number;
  vipPrice?: number | null;
  openForArrival?: boolean;
  openForDeparture?: boolean;
  openForSale?: boolean;
  minLengthOfStay?: number;
  maxLengthOfStay?: number;
  additionalCostText?: string | null;
  capacity?: number;
  sold?: number;
}

/** Every day from `from` up to and including `to`, YYYY-MM-DD. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** A travel deal with dated products (travel_products), nothing else yet. */
export async function insertTravelDeal(
  db: Db,
  { basics, more }: { basics: Basics; more: Awaited<ReturnType<typeof insertMoreCategories>> },
  options: { vip?: boolean; products: { name: string; basis: "night" | "stay"; roomOnly?: boolean; withFlights?: boolean; price: number }[] },
) {
  const deal = await insertDeal(db, basics, {
    dealType: "travel",
    locationId: null,
    categoryId: more.breaks.id,
    subCategoryId: more.spaBreaks.id,
    price: Math.min(...options.products.map((p) => p.price)),
    originalPrice: 40000,
    vipDiscountAllowed: options.vip ?? true,
    productDisplayType: "calendar",
    redemptionType: options.products.some((p) => p.withFlights) ? "choose-your-flight" : "calendar",
  });
  // insertDeal adds a plain product: withdraw it, the dated ones follow.
  await db.update(products).set({ visible: false }).where(eq(products.dealId, deal.id));
  const rows = [];
  for (const [index, product] of options.products.entries()) {
    const [row] = await db
      .insert(products)
      .values({ dealId: deal.id, friendlyName: product.name, price: product.price, originalPrice: product.price * 2, sortOrder: index + 1 })
      .returning();
    await db.insert(travelProducts).values({ productId: row.id, dealId: deal.id, priceBasis: product.basis, roomOnly: product.roomOnly ?? false, withFlights: product.withFlights ?? false });
    rows.push(row);
  }
  return { deal, products: rows };
}

/** Rates and rooms for one product on the given days; `spec` may differ per day. */
export async function insertNights(db: Db, productId: number, days: readonly string[], spec: (day: string) => NightSpec | null): Promise<void> {
  const rates: (typeof travelRates.$inferInsert)[] = [];
  const rooms: (typeof inventoryNights.$inferInsert)[] = [];
  for (const night of days) {
    const s = spec(night);
    if (!s) continue;
    rates.push({
      productId,
      night,
      price: s.price,
      vipPrice: s.vipPrice ?? null,
      openForArrival: s.openForArrival ?? true,
      openForDeparture: s.openForDeparture ?? true,
      openForSale: s.openForSale ?? true,
      minLengthOfStay: s.minLengthOfStay ?? 1,
      maxLengthOfStay: s.maxLengthOfStay ?? 7,
      additionalCostText: s.additionalCostText ?? null,
    });
    rooms.push({ productId, night, capacity: s.capacity ?? 3, sold: s.sold ?? 0 });
  }
  if (rates.length > 0) {
    await db.insert(travelRates).values(rates);
    await db.insert(inventoryNights).values(rooms);
  }
}

/** A live basket hold on one night (another shopper's basket). */
export async function holdNight(db: Db, productId: number, night: string, quantity: number, expiresAt: Date, basketLineId = 900_001) {
  await db.insert(stockReservations).values({ basketLineId, basketId: 800_001, productId, night, quantity, expiresAt });
}

let flightCounter = 0;

/** One flight of a choose-your-flight deal. */
export async function insertFlight(
  db: Db,
  flight: { dealId: number; direction: "outbound" | "inbound"; from: string; to: string; date: string; time?: string; priceDiff?: number; seats?: number; seatsSold?: number },
) {
  flightCounter += 1;
  const departsAt = new Date(`${flight.date}T${flight.time ?? "08:00"}:00Z`);
  const [row] = await db
    .insert(travelFlights)
    .values({
      dealId: flight.dealId,
      direction: flight.direction,
      flightNumber: `DW ${1000 + flightCounter}`,
      departureAirport: flight.from,
      arrivalAirport: flight.to,
      departsAt,
      arrivesAt: new Date(departsAt.getTime() + 3 * 3_600_000),
      flightDate: flight.date,
      priceDiff: flight.priceDiff ?? 0,
      seats: flight.seats ?? 20,
      seatsSold: flight.seatsSold ?? 0,
    })
    .returning();
  return row;
}
