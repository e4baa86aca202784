import { tzOffset } from "@date-fns/tz";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { localDate, marketTimeZone } from "../lib/market-time";
import { categories, deals, products } from "../modules/catalog/schema";
import { inventoryNights } from "../modules/inventory/schema";
import { travelFlights } from "../modules/inventory/schema";
import { travelProducts, travelRates } from "../modules/travel/schema";
import { withinVipPromise } from "../modules/vip/vip-terms";
import type { Db } from "../db/client";
import type { Executor } from "./bulk-insert";
import {
  ADDITIONAL_COSTS,
  DESTINATIONS,
  type DepartureAirport,
  type Destination,
  IRISH_DEPARTURES,
  SEASONS,
  SEASON_OF_SUB_CATEGORY,
  UK_DEPARTURES,
  UK_REGIONAL_DEPARTURES,
} from "./data/travel";
import { Random } from "./random";

/**
 * Dated travel for the seeded catalogue: every travel deal sold on the calendar (redemption type
 * calendar) or as a choose-your-flight package gets, per visible product, a travel product, 12
 * months of nightly rates (travel_rates) and rooms per night (inventory_nights) from the seed's
 * "today", and choose-your-flight deals a flight schedule (travel_flights).
 *
 * - UK and Irish breaks are hotel rooms priced per night: the lead price is a weekday night in the
 *   low season, weekends and summer cost more, Friday and Saturday arrivals often need two nights,
 *   some hotels take no arrivals on a weekday or close for a fortnight, some nights are sold out.
 * - Breaks abroad, cruises and flight packages are priced per stay of the product's nights, with
 *   arrivals on the days the ship sails or the flights go.
 * - No stay is ever cheaper than the product's advertised price, so a travel deal's discount (at
 *   most 50%, "travel up to 50% off") stays true on every date.
 *
 * Deterministic: each deal draws from its own stream (the seed and the deal id), so the result does
 * not depend on batching, and the catalogue's own stream is untouched. Rows travel as one JSON
 * array per product (unnested in SQL), which keeps the 100k-deal catalogue's millions of nights fast.
 */

export const TRAVEL_DAYS = 366;
/** Flights and rates run this much past the last arrival, so the longest stay has a way home. */
const TAIL_DAYS = 17;
const TRAVEL_STREAM = 0x7ea7e1;
const DEALS_PER_BATCH = 200;
const FLAG_ARRIVAL = 1;
const FLAG_DEPARTURE = 2;
const FLAG_SALE = 4;

export interface TravelDealSource {
  id: number;
  countryCode: "GB" | "IE";
  currency: "GBP" | "EUR";
  headline: string;
  topCategory: string;
  subCategory: string;
  redemptionType: "calendar" | "choose-your-flight";
  pricePerPerson: boolean;
  soldOut: boolean;
  products: { id: number; friendlyName: string; price: number; vipPrice: number | null; visible: boolean }[];
}

export type TravelKind = "hotel" | "package" | "flights";

export interface PlannedTravelProduct {
  productId: number;
  priceBasis: "night" | "stay";
  roomOnly: boolean;
  withFlights: boolean;
  /** Night by night from the first night. */
  prices: number[];
  vipPrices: (number | null)[];
  flags: number[];
  minStays: number[];
  maxStays: number[];
  capacity: number[];
  sold: number[];
  costText: string | null;
}

export interface PlannedRoute {
  dealId: number;
  direction: "outbound" | "inbound";
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  minutes: number;
  days: number[];
  departs: number[];
  priceDiffs: number[];
  seats: number[];
  sold: number[];
}

export interface TravelDealPlan {
  kind: TravelKind;
  products: PlannedTravelProduct[];
  routes: PlannedRoute[];
}

export interface TravelSeedSummary {
  deals: number;
  products: number;
  nights: number;
  flights: number;
}

/** Hands out unique flight numbers per airline (1000–9999), in the order deals are planned. */
export class FlightNumbers {
  private readonly next = new Map<string, number>();

  /** Marks a number already in the database as used. */
  reserve(flightNumber: string): void {
    const [carrier, number] = flightNumber.split(" ");
    if (Number(number) >= (this.next.get(carrier) ?? 1000)) this.next.set(carrier, Number(number) + 1);
  }

  take(carriers: readonly string[]): string {
    for (const carrier of carriers) {
      const number = this.next.get(carrier) ?? 1000;
      if (number > 9999) continue;
      this.next.set(carrier, number + 1);
      return `${carrier} ${number}`;
    }
    // Every preferred airline is full: any two-letter code that still has numbers.
    for (let code = 0; ; code++) {
      const carrier = `Q${String.fromCharCode(65 + (code % 26))}${code >= 26 ? code : ""}`;
      const number = this.next.get(carrier) ?? 1000;
      if (number > 9999) continue;
      this.next.set(carrier, number + 1);
      return `${carrier} ${number}`;
    }
  }
}

interface PlanContext {
  seed: number;
  /** The first night (the seed's today in the deal's market), YYYY-MM-DD. */
  firstNight: string;
  flightNumbers: FlightNumbers;
}

const DAY_MS = 86_400_000;

function dayInfo(firstNight: string, index: number): { month: number; weekday: number; day: number; date: string } {
  const at = new Date(Date.parse(`${firstNight}T00:00:00Z`) + index * DAY_MS);
  return { month: at.getUTCMonth(), weekday: at.getUTCDay(), day: at.getUTCDate(), date: at.toISOString().slice(0, 10) };
}

function nightsOf(friendlyName: string): number {
  const match = /^(\d+) nights?/.exec(friendlyName);
  return match ? Number(match[1]) : 1;
}

function variantOf(friendlyName: string): string {
  const dash = friendlyName.indexOf(" - ");
  return dash === -1 ? "" : friendlyName.slice(dash + 3);
}

function kindOf(source: TravelDealSource): TravelKind {
  if (source.redemptionType === "choose-your-flight") return "flights";
  return source.topCategory === "uk-breaks" || source.topCategory === "ireland-breaks" ? "hotel" : "package";
}

/** Whole pounds or euros, rounded up: a stay never costs less than its lead price. */
function upToWhole(minor: number): number {
  return Math.ceil(minor / 100 - 1e-9) * 100;
}

function vipFor(price: number, ratio: number | null): number | null {
  if (ratio === null) return null;
  const vip = Math.floor((price * ratio) / 50) * 50;
  return vip > 0 && vip < price ? withinVipPromise(price, vip) : null;
}

function destinationOf(source: TravelDealSource): Destination {
  for (const [place, destination] of Object.entries(DESTINATIONS)) if (source.headline.includes(place)) return destination;
  return DESTINATIONS.Majorca;
}

/** The 24–26 December and 31 December nights, when many hotels close or sell only longer stays. */
function festive(info: { month: number; day: number }): "christmas" | "new-year" | null {
  if (info.month === 11 && info.day >= 24 && info.day <= 26) return "christmas";
  if (info.month === 11 && info.day === 31) return "new-year";
  return null;
}

/** Sold units on one night: mostly some, sometimes all (weekends, high season and the next weeks fill first). */
function soldOn(rng: Random, capacity: number, fullChance: number): number {
  if (rng.chance(fullChance)) return capacity;
  return Math.floor(capacity * rng.float(0, 0.8));
}

export function planTravelDeal(source: TravelDealSource, context: PlanContext): TravelDealPlan {
  const rng = new Random((context.seed ^ TRAVEL_STREAM ^ Math.imul(source.id, 0x9e3779b1)) >>> 0);
  const kind = kindOf(source);
  const season = SEASONS[SEASON_OF_SUB_CATEGORY[source.subCategory] ?? "breaks"];
  const currencySign = source.currency === "EUR" ? "€" : "£";
  const days = TRAVEL_DAYS + TAIL_DAYS;
  const visible = source.products.filter((product) => product.visible);

  // The deal's house rules.
  const weekendFactor = kind === "hotel" ? rng.float(1.15, 1.35) : 1;
  const weekendMinTwo = kind === "hotel" && rng.chance(0.6);
  const maxStay = kind === "hotel" ? rng.pick([7, 7, 10, 14, 16]) : 0;
  const closedArrival = new Set<number>();
  if (kind === "hotel") {
    const rule = rng.next();
    if (rule < 0.3) closedArrival.add(6); // no Saturday arrivals
    else if (rule < 0.45) [5, 6].forEach((d) => closedArrival.add(d)); // midweek and Sunday arrivals only
  }
  let arrivalDays: Set<number>;
  if (kind === "package") {
    const cruise = source.topCategory === "cruises";
    arrivalDays = new Set(cruise ? [rng.pick([0, 5, 6])] : rng.sample([0, 1, 2, 3, 4, 5, 6], rng.int(4, 7)));
  } else {
    arrivalDays = new Set([0, 1, 2, 3, 4, 5, 6].filter((d) => !closedArrival.has(d)));
  }
  const closure = kind === "hotel" && rng.chance(0.2) ? { start: rng.int(45, 110), length: rng.int(7, 14) } : null;
  const festiveClosed = kind === "hotel" && rng.chance(0.4);
  const costKind = kind === "hotel" ? "hotel" : source.topCategory === "cruises" ? "cruise" : "abroad";
  const costText = rng.chance(0.4) ? rng.pick(ADDITIONAL_COSTS[costKind]).replace("{currency}", currencySign) : null;

  // Flights first: a package can only start on a day its flights go.
  let routes: PlannedRoute[] = [];
  if (kind === "flights") {
    const flights = planFlights(rng, source, context, visible.map((product) => nightsOf(product.friendlyName)), season);
    routes = flights.routes;
    arrivalDays = flights.outboundDays;
  }

  const plannedProducts = visible.map((product): PlannedTravelProduct => {
    const nominalNights = nightsOf(product.friendlyName);
    const roomTotal = source.pricePerPerson ? product.price * 2 : product.price;
    const vipRatio = product.vipPrice === null ? null : product.vipPrice / product.price;
    const perNight = kind === "hotel";
    const unit = perNight ? upToWhole(roomTotal / nominalNights) : upToWhole(roomTotal);
    const capacityBase = perNight ? rng.int(2, 8) : rng.int(4, 12);
    const planned: PlannedTravelProduct = {
      productId: product.id,
      priceBasis: perNight ? "night" : "stay",
      roomOnly: variantOf(product.friendlyName) === "Room only",
      withFlights: kind === "flights",
      prices: [],
      vipPrices: [],
      flags: [],
      minStays: [],
      maxStays: [],
      capacity: [],
      sold: [],
      costText,
    };
    for (let i = 0; i < days; i++) {
      const info = dayInfo(context.firstNight, i);
      const weekendNight = info.weekday === 5 || info.weekday === 6;
      const holiday = festive(info);
      let factor = season[info.month] * (weekendNight ? weekendFactor : 1);
      if (holiday || (info.month === 11 && info.day >= 20) || (info.month === 0 && info.day <= 2)) factor += 0.2;
      if (rng.chance(0.5)) factor *= 1 + rng.float(0, 0.06);
      const price = upToWhole(unit * factor);
      const closed = closure !== null && i >= closure.start && i < closure.start + closure.length;
      const christmasShut = festiveClosed && holiday === "christmas";
      const arrival = !closed && !christmasShut && arrivalDays.has(info.weekday);
      const sale = !closed;
      const departure = !(festiveClosed && info.month === 11 && info.day === 25);
      let minStay = nominalNights;
      if (perNight && weekendMinTwo && weekendNight) minStay = Math.max(minStay, 2);
      if (perNight && holiday === "new-year") minStay = Math.max(minStay, 2);
      const maxOfStay = perNight ? Math.max(minStay, maxStay) : nominalNights;
      const near = i < 21 ? 0.08 : 0;
      const peak = season[info.month] >= 1.3 ? 0.05 : 0;
      const fullChance = source.soldOut ? 1 : (perNight ? 0.03 + (info.weekday === 6 ? 0.12 : info.weekday === 5 ? 0.06 : 0) : 0.01) + near + peak;
      const capacity = capacityBase;
      planned.prices.push(price);
      planned.vipPrices.push(vipFor(price, vipRatio));
      planned.flags.push((arrival ? FLAG_ARRIVAL : 0) | (departure ? FLAG_DEPARTURE : 0) | (sale ? FLAG_SALE : 0));
      planned.minStays.push(minStay);
      planned.maxStays.push(maxOfStay);
      planned.capacity.push(capacity);
      planned.sold.push(soldOn(rng, capacity, fullChance));
    }
    return planned;
  });
  return { kind, products: plannedProducts, routes };
}

function departureAirportsFor(rng: Random, source: TravelDealSource): DepartureAirport[] {
  if (source.countryCode === "IE") return [...IRISH_DEPARTURES];
  const london = [...UK_DEPARTURES];
  const chosen: DepartureAirport[] = [];
  const count = rng.int(2, 3);
  while (chosen.length < count) {
    const airport = rng.weighted(london, (a) => a.weight);
    chosen.push(airport);
    london.splice(london.indexOf(airport), 1);
  }
  for (const regional of UK_REGIONAL_DEPARTURES) if (rng.chance(0.5)) chosen.push(regional);
  return chosen;
}

const offsetCache = new Map<string, number>();

/** The instant of a local time on a calendar day in a zone (the zone's offset at that day's noon). */
function localInstant(date: string, minuteOfDay: number, timeZone: string): number {
  const key = `${timeZone}|${date}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = tzOffset(timeZone, new Date(`${date}T12:00:00Z`));
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return Date.parse(`${date}T00:00:00Z`) + (minuteOfDay - offset) * 60_000;
}

/**
 * A choose-your-flight deal's schedule: from each departure airport, outbound flights on a few
 * weekdays and inbound flights on the weekdays the packages come home, every week for the year.
 * price_diff is per passenger over the cheapest route's off-peak fare (the one in the lead price).
 */
function planFlights(
  rng: Random,
  source: TravelDealSource,
  context: PlanContext,
  packageNights: number[],
  season: readonly number[],
): { routes: PlannedRoute[]; outboundDays: Set<number> } {
  const destination = destinationOf(source);
  const airports = departureAirportsFor(rng, source);
  const dealDays = rng.sample([0, 1, 2, 3, 4, 5, 6], rng.int(3, 5));
  const homeZone = source.countryCode === "IE" ? "Europe/Dublin" : "Europe/London";
  const days = TRAVEL_DAYS + TAIL_DAYS;
  const routes: PlannedRoute[] = [];
  const outboundDays = new Set<number>();
  // The cheapest airport flies at the lead fare: the others' extras are counted from it.
  const extras = airports.map((airport) => rng.int(airport.extra[0], airport.extra[1]) * 100);
  const cheapestExtra = Math.min(...extras);
  airports.forEach((airport, index) => {
    const out = index === 0 ? dealDays : rng.sample(dealDays, rng.int(2, dealDays.length));
    out.forEach((d) => outboundDays.add(d));
    const home = new Set<number>();
    for (const d of out) for (const n of packageNights) home.add((d + n) % 7);
    const extra = extras[index] - cheapestExtra;
    const regional = UK_REGIONAL_DEPARTURES.includes(airport) ? 15 : 0;
    for (const direction of ["outbound", "inbound"] as const) {
      const weekdays = new Set(direction === "outbound" ? out : [...home]);
      const departMinute = direction === "outbound" ? rng.int(72, 132) * 5 : rng.int(120, 240) * 5;
      const minutes = destination.minutes + regional + (direction === "inbound" ? 20 : 0);
      const zone = direction === "outbound" ? homeZone : destination.timeZone;
      const route: PlannedRoute = {
        dealId: source.id,
        direction,
        // Long-haul routes go with the full-service airlines.
        flightNumber: context.flightNumbers.take(destination.minutes > 400 ? (source.countryCode === "IE" ? ["EI"] : ["BA", "VS"]) : airport.carriers),
        departureAirport: direction === "outbound" ? airport.code : destination.airport,
        arrivalAirport: direction === "outbound" ? destination.airport : airport.code,
        minutes,
        days: [],
        departs: [],
        priceDiffs: [],
        seats: [],
        sold: [],
      };
      const seats = rng.int(9, 40);
      for (let i = 1; i < days; i++) {
        const info = dayInfo(context.firstNight, i);
        if (!weekdays.has(info.weekday)) continue;
        const busy = (direction === "outbound" && (info.weekday === 5 || info.weekday === 6)) || (direction === "inbound" && info.weekday === 0);
        let diff = extra + Math.round((season[info.month] - 1) * 40) * 100 + (busy ? 1500 : 0);
        if (rng.chance(0.5)) diff += rng.int(1, 10) * 100;
        route.days.push(i);
        route.departs.push(Math.round(localInstant(info.date, departMinute, zone) / 1000));
        route.priceDiffs.push(diff);
        route.seats.push(seats);
        route.sold.push(rng.chance(0.04) ? seats : Math.floor(seats * rng.float(0, 0.85)));
      }
      routes.push(route);
    }
  });
  return { routes, outboundDays };
}

/** The next travel deals the seed dates after `afterId`, in id order, with their products. */
async function loadSources(db: Db, afterId: number, limit: number): Promise<TravelDealSource[]> {
  const sub = alias(categories, "sub");
  const rows = await db
    .select({
      id: deals.id,
      countryCode: deals.countryCode,
      currency: deals.currency,
      headline: deals.headline,
      topCategory: categories.shortName,
      subCategory: sub.shortName,
      redemptionType: deals.redemptionType,
      pricePerPerson: deals.pricePerPerson,
      soldOut: deals.soldOut,
    })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(sub, eq(sub.id, deals.subCategoryId))
    .where(
      and(
        eq(deals.dealType, "travel"),
        inArray(deals.redemptionType, ["calendar", "choose-your-flight"]),
        isNull(deals.giftPreset),
        sql`${deals.id} > ${afterId}`,
      ),
    )
    .orderBy(asc(deals.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const productRows = await db
    .select({ id: products.id, dealId: products.dealId, friendlyName: products.friendlyName, price: products.price, vipPrice: products.vipPrice, visible: products.visible })
    .from(products)
    .where(inArray(products.dealId, rows.map((row) => row.id)))
    .orderBy(asc(products.id));
  const byDeal = new Map<number, TravelDealSource["products"]>();
  for (const { dealId, ...product } of productRows) byDeal.set(dealId, [...(byDeal.get(dealId) ?? []), product]);
  return rows.map((row) => ({ ...row, redemptionType: row.redemptionType as TravelDealSource["redemptionType"], products: byDeal.get(row.id) ?? [] }));
}

async function insertPlans(tx: Executor, plans: { dealId: number; firstNight: string; plan: TravelDealPlan }[]): Promise<{ nights: number; flights: number }> {
  const productRecords = plans.flatMap(({ dealId, firstNight, plan }) =>
    plan.products.map((p) => ({
      product_id: p.productId,
      deal_id: dealId,
      price_basis: p.priceBasis,
      room_only: p.roomOnly,
      with_flights: p.withFlights,
      first_night: firstNight,
      prices: p.prices,
      vip_prices: p.vipPrices,
      flags: p.flags,
      min_stays: p.minStays,
      max_stays: p.maxStays,
      capacity: p.capacity,
      sold: p.sold,
      cost_text: p.costText,
    })),
  );
  if (productRecords.length > 0) {
    const json = JSON.stringify(productRecords);
    const recordType = sql.raw(
      "product_id int, deal_id int, price_basis text, room_only boolean, with_flights boolean, first_night date, prices int[], vip_prices int[], flags int[], min_stays int[], max_stays int[], capacity int[], sold int[], cost_text text",
    );
    await tx.execute(
      sql`insert into ${travelProducts} (product_id, deal_id, price_basis, occupancy, room_only, with_flights)
          select p.product_id, p.deal_id, p.price_basis, 2, p.room_only, p.with_flights from jsonb_to_recordset(${json}::jsonb) as p(${recordType})`,
    );
    await tx.execute(
      sql`insert into ${travelRates} (product_id, night, price, vip_price, open_for_arrival, open_for_departure, open_for_sale, min_length_of_stay, max_length_of_stay, additional_cost_text)
          select p.product_id, p.first_night + (n.i - 1)::int, n.price, n.vip_price, (n.flags & 1) <> 0, (n.flags & 2) <> 0, (n.flags & 4) <> 0, n.min_stay, n.max_stay, p.cost_text
          from jsonb_to_recordset(${json}::jsonb) as p(${recordType})
          cross join lateral unnest(p.prices, p.vip_prices, p.flags, p.min_stays, p.max_stays) with ordinality as n(price, vip_price, flags, min_stay, max_stay, i)`,
    );
    await tx.execute(
      sql`insert into ${inventoryNights} (product_id, night, capacity, sold)
          select p.product_id, p.first_night + (n.i - 1)::int, n.capacity, n.sold
          from jsonb_to_recordset(${json}::jsonb) as p(${recordType})
          cross join lateral unnest(p.capacity, p.sold) with ordinality as n(capacity, sold, i)`,
    );
  }
  const routeRecords = plans.flatMap(({ firstNight, plan }) =>
    plan.routes.map((r) => ({
      deal_id: r.dealId,
      direction: r.direction,
      flight_number: r.flightNumber,
      departure_airport: r.departureAirport,
      arrival_airport: r.arrivalAirport,
      minutes: r.minutes,
      first_day: firstNight,
      days: r.days,
      departs: r.departs,
      price_diffs: r.priceDiffs,
      seats: r.seats,
      sold: r.sold,
    })),
  );
  if (routeRecords.length > 0) {
    await tx.execute(
      sql`insert into ${travelFlights} (deal_id, direction, flight_number, departure_airport, arrival_airport, departs_at, arrives_at, flight_date, price_diff, seats, seats_sold)
          select r.deal_id, r.direction, r.flight_number, r.departure_airport, r.arrival_airport, to_timestamp(f.departs), to_timestamp(f.departs + r.minutes * 60), r.first_day + f.day, f.price_diff, f.seats, f.sold
          from jsonb_to_recordset(${JSON.stringify(routeRecords)}::jsonb)
            as r(deal_id int, direction text, flight_number text, departure_airport text, arrival_airport text, minutes int, first_day date, days int[], departs bigint[], price_diffs int[], seats int[], sold int[])
          cross join lateral unnest(r.days, r.departs, r.price_diffs, r.seats, r.sold) as f(day, departs, price_diff, seats, sold)`,
    );
  }
  return {
    nights: productRecords.reduce((sum, p) => sum + p.prices.length, 0),
    flights: routeRecords.reduce((sum, r) => sum + r.days.length, 0),
  };
}

/**
 * Dates the seeded catalogue's calendar and choose-your-flight deals (see the top of this file).
 * Adds to deals that have no travel products yet, so it also fills a catalogue seeded before
 * travel was dated (the benchmark's).
 */
export async function seedTravel(db: Db, options: { seed: number; now: Date; onProgress?: (deals: number) => void }): Promise<TravelSeedSummary> {
  const summary: TravelSeedSummary = { deals: 0, products: 0, nights: 0, flights: 0 };
  const flightNumbers = new FlightNumbers();
  const firstNights = { GB: localDate(options.now, marketTimeZone("GB")), IE: localDate(options.now, marketTimeZone("IE")) };
  const existing = await db.select({ dealId: travelProducts.dealId }).from(travelProducts).groupBy(travelProducts.dealId);
  const dated = new Set(existing.map((row) => row.dealId));
  const taken = await db.selectDistinct({ flightNumber: travelFlights.flightNumber }).from(travelFlights);
  // Keep clear of numbers already used (a run on a partly dated catalogue).
  for (const { flightNumber } of taken) flightNumbers.reserve(flightNumber);
  for (let afterId = 0; ; ) {
    const sources = await loadSources(db, afterId, DEALS_PER_BATCH);
    if (sources.length === 0) break;
    afterId = sources[sources.length - 1].id;
    const plans = sources
      .filter((source) => !dated.has(source.id) && source.products.some((product) => product.visible))
      .map((source) => {
        const firstNight = firstNights[source.countryCode];
        return { dealId: source.id, firstNight, plan: planTravelDeal(source, { seed: options.seed, firstNight, flightNumbers }) };
      });
    const inserted = await db.transaction((tx) => insertPlans(tx, plans));
    summary.deals += plans.length;
    summary.products += plans.reduce((sum, p) => sum + p.plan.products.length, 0);
    summary.nights += inserted.nights;
    summary.flights += inserted.flights;
    options.onProgress?.(summary.deals);
  }
  return summary;
}
