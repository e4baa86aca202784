import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealAvailability } from "../modules/travel/availability";
import { LONDON_AIRPORTS } from "../modules/travel/stay-rules";
import { type TestDatabase, createTestDatabase } from "../tests/support/test-db";
import type { Db } from "../db/client";
import { queryRows } from "../db/query-rows";
import { seedCatalogue } from "./index";
import { FlightNumbers, TRAVEL_DAYS, type TravelDealSource, planTravelDeal } from "./travel";

const now = new Date("2026-11-21T09:00:00Z");
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedCatalogue(db, { deals: 300, seed: 42, now });
});

afterAll(() => database.dispose());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

describe("the seed's dated travel", () => {
  it("dates every visible option of calendar and choose-your-flight deals, and nothing else", async () => {
    const dated = await rows<{ redemption_type: string; country_code: string; deals: number; options: number; visible: number }>(sql`
      select d.redemption_type, d.country_code, count(distinct d.id)::int as deals, count(tp.product_id)::int as options,
        (select count(*)::int from products p join deals d2 on d2.id = p.deal_id where p.visible and d2.redemption_type = d.redemption_type and d2.country_code = d.country_code and d2.deal_type = 'travel') as visible
      from travel_products tp join deals d on d.id = tp.deal_id group by 1, 2 order by 1, 2`);
    expect(dated.map((row) => [row.redemption_type, row.country_code])).toEqual([
      ["calendar", "GB"],
      ["calendar", "IE"],
      ["choose-your-flight", "GB"],
      ["choose-your-flight", "IE"],
    ]);
    for (const row of dated) expect(row.options).toBe(row.visible);
  });

  it("gives each option a year of nightly rates and rooms from the seed's today, with gaps, sold-out nights, VIP prices and extra costs", async () => {
    const [facts] = await rows<Record<string, number | string>>(sql`
      select min(r.night)::text as first, count(*)::int as nights, count(distinct r.product_id)::int as products,
        count(*) filter (where not r.open_for_arrival)::int as closed_arrivals,
        count(*) filter (where not r.open_for_sale)::int as closed_nights,
        count(*) filter (where r.min_length_of_stay >= 2 and tp.price_basis = 'night' and extract(isodow from r.night) in (5, 6))::int as weekend_minimums,
        count(*) filter (where r.vip_price is not null and r.vip_price < r.price)::int as vip_nights,
        count(*) filter (where r.additional_cost_text is not null)::int as with_costs,
        count(*) filter (where i.sold = i.capacity)::int as sold_out,
        count(i.*)::int as with_rooms
      from travel_rates r join travel_products tp on tp.product_id = r.product_id
      left join inventory_nights i on i.product_id = r.product_id and i.night = r.night`);
    expect(facts.first).toBe("2026-11-21");
    expect(Number(facts.nights)).toBeGreaterThanOrEqual(Number(facts.products) * TRAVEL_DAYS);
    expect(facts.with_rooms).toBe(facts.nights);
    for (const key of ["closed_arrivals", "closed_nights", "weekend_minimums", "vip_nights", "with_costs", "sold_out"]) expect(Number(facts[key]), key).toBeGreaterThan(0);
  });

  it("never sells a stay below the option's advertised price, and keeps travel at most 50% off", async () => {
    const [cheaper] = await rows<{ count: number }>(sql`
      select count(*)::int from travel_rates r join travel_products tp on tp.product_id = r.product_id join products p on p.id = r.product_id join deals d on d.id = p.deal_id
      where (case when d.price_per_person then p.price * 2 else p.price end) >
        r.price * (case when tp.price_basis = 'night' then substring(p.friendly_name from '^(\\d+) night')::int else 1 end)`);
    expect(cheaper.count).toBe(0);
    const [deepest] = await rows<{ deal: number; product: number }>(sql`
      select max(d.discount_percentage)::int as deal, max(floor((p.original_price - p.price) * 100.0 / p.original_price))::int as product
      from deals d join products p on p.deal_id = d.id where d.deal_type = 'travel'`);
    expect(deepest.deal).toBeLessThanOrEqual(50);
    expect(deepest.product).toBeLessThanOrEqual(50);
  });

  it("flies choose-your-flight deals out and back from London's airports and the regions, or Dublin for Irish deals", async () => {
    const airports = await rows<{ country_code: string; direction: string; home: string; flights: number; oversold: number; negative: number }>(sql`
      select d.country_code, f.direction, case when f.direction = 'outbound' then f.departure_airport else f.arrival_airport end as home,
        count(*)::int as flights, count(*) filter (where f.seats_sold > f.seats)::int as oversold, count(*) filter (where f.price_diff < 0)::int as negative
      from travel_flights f join deals d on d.id = f.deal_id group by 1, 2, 3`);
    const homes = (country: string) => new Set(airports.filter((a) => a.country_code === country).map((a) => a.home));
    expect([...homes("IE")]).toEqual(["DUB"]);
    expect([...homes("GB")].some((code) => (LONDON_AIRPORTS as readonly string[]).includes(code))).toBe(true);
    expect([...homes("GB")].every((code) => [...LONDON_AIRPORTS, "MAN", "BHX"].includes(code))).toBe(true);
    expect(new Set(airports.map((a) => a.direction))).toEqual(new Set(["outbound", "inbound"]));
    expect(airports.every((a) => a.oversold === 0 && a.negative === 0)).toBe(true);
    // Every deal has a lead fare: some pair of dates flies at the price in the headline.
    const [withoutLead] = await rows<{ count: number }>(sql`
      select count(*)::int from (select deal_id from travel_flights group by deal_id having min(price_diff) filter (where direction = 'outbound') > 0) d`);
    expect(withoutLead.count).toBe(0);
  });

  it("makes calendars a shopper can book from", async () => {
    const [hotel] = await rows<{ deal_id: number }>(sql`select tp.deal_id from travel_products tp join deals d on d.id = tp.deal_id where tp.price_basis = 'night' and d.country_code = 'GB' and not d.sold_out and d.published order by tp.deal_id limit 1`);
    const calendar = await dealAvailability(db, { dealId: hotel.deal_id, countryCode: "GB", now });
    expect(calendar.calendarDateViewVOList.filter((day) => day.openForArrival).length).toBeGreaterThan(5);
    expect(calendar.nextAvailable).not.toBeNull();
  });

  it("plans a deal the same way every time, whatever else was planned", () => {
    const source: TravelDealSource = {
      id: 30000123,
      countryCode: "GB",
      currency: "GBP",
      headline: "From £299pp for a 3-4 Night Tenerife Beach Holiday with Flights",
      topCategory: "international",
      subCategory: "beach",
      redemptionType: "choose-your-flight",
      pricePerPerson: true,
      soldOut: false,
      products: [
        { id: 1, friendlyName: "3 nights, 2 people - Room only", price: 29900, vipPrice: null, visible: true },
        { id: 2, friendlyName: "4 nights, 2 people - Room only", price: 34900, vipPrice: null, visible: true },
      ],
    };
    const first = planTravelDeal(source, { seed: 42, firstNight: "2026-11-21", flightNumbers: new FlightNumbers() });
    const again = planTravelDeal(source, { seed: 42, firstNight: "2026-11-21", flightNumbers: new FlightNumbers() });
    expect(again).toEqual(first);
    expect(first.products.map((p) => [p.priceBasis, p.roomOnly, p.withFlights])).toEqual([
      ["stay", true, true],
      ["stay", true, true],
    ]);
    expect(first.routes.every((route) => route.arrivalAirport === "TFS" || route.departureAirport === "TFS")).toBe(true);
  });
});
