import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { LOCATIONS } from "./data/locations";
import { PLACE_TOWNS } from "./data/places";
import { GUIDE_TAGS } from "./extras";
import { seedCatalogue } from "./index";
import { VIP_MAX_EXTRA_DISCOUNT_PERCENT } from "../modules/vip/vip-terms";
import { MAX_DISCOUNT_PERCENT } from "./products";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 1200 });
}, 240_000);

afterAll(() => database.dispose());

/** Great-circle distance in kilometres. */
function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe("the seeded catalogue agrees with its copy", () => {
  it(`has no discount above the "up to ${MAX_DISCOUNT_PERCENT}%" claim: deals, options and member prices`, async () => {
    const [worst] = await queryRows<{ deal: number; vip: number; product: number; product_vip: number }>(
      database.db,
      sql`select
        (select max(discount_percentage) from deals) as deal,
        (select coalesce(max(vip_discount_percentage), 0) from deals) as vip,
        (select max(floor((original_price - price) * 100.0 / original_price)) from products where original_price > price) as product,
        (select coalesce(max(floor((original_price - vip_price) * 100.0 / original_price)), 0) from products where vip_price is not null and original_price > vip_price) as product_vip`,
    );
    expect(Number(worst.deal)).toBeLessThanOrEqual(MAX_DISCOUNT_PERCENT);
    expect(Number(worst.vip)).toBeLessThanOrEqual(MAX_DISCOUNT_PERCENT);
    expect(Number(worst.product)).toBeLessThanOrEqual(MAX_DISCOUNT_PERCENT);
    expect(Number(worst.product_vip)).toBeLessThanOrEqual(MAX_DISCOUNT_PERCENT);
    // The claim is still true: some deal does reach well into the range it promises.
    expect(Number(worst.deal)).toBeGreaterThanOrEqual(70);
  });

  it(`keeps every member price within the VIP terms' "up to ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}%" off the price: options and travel nights`, async () => {
    const [worst] = await queryRows<{ product: string | null; night: string | null; members: number }>(
      database.db,
      sql`select
        (select max((price - vip_price) * 100.0 / price) from products where vip_price is not null) as product,
        (select max((price - vip_price) * 100.0 / price) from travel_rates where vip_price is not null) as night,
        (select count(*)::int from products where vip_price is not null) as members`,
    );
    expect(Number(worst.product)).toBeLessThanOrEqual(VIP_MAX_EXTRA_DISCOUNT_PERCENT);
    expect(Number(worst.night ?? 0)).toBeLessThanOrEqual(VIP_MAX_EXTRA_DISCOUNT_PERCENT);
    expect(worst.members).toBeGreaterThan(0);
  });

  it("puts every merchant's address within a few kilometres of its town", async () => {
    const towns = new Map<string, { lat: number; lon: number }>();
    for (const location of LOCATIONS) towns.set(location.name, location);
    for (const place of Object.values(PLACE_TOWNS)) towns.set(place.town, place);
    const addresses = await queryRows<{ town: string; lat: number; lon: number; merchant_id: number }>(database.db, sql`select merchant_id, town, lat, lon from merchant_addresses`);
    expect(addresses.length).toBeGreaterThan(100);
    const misplaced = addresses.filter((address) => {
      const centre = towns.get(address.town);
      return !centre || kmBetween(centre, { lat: Number(address.lat), lon: Number(address.lon) }) > 10;
    });
    expect(misplaced).toEqual([]);
  });

  it("puts a break in a UK or Irish destination at that destination, not at a head office elsewhere", async () => {
    const rows = await queryRows<{ headline: string; town: string }>(
      database.db,
      sql`select d.headline, a.town from deals d join merchant_addresses a on a.merchant_id = d.merchant_id and a.is_main
          where d.deal_type = 'travel' and d.gift_preset is null`,
    );
    const checked = rows.filter((row) => Object.keys(PLACE_TOWNS).some((place) => row.headline.endsWith(`, ${place}`)));
    expect(checked.length).toBeGreaterThan(0);
    for (const row of checked) {
      const place = Object.keys(PLACE_TOWNS).find((name) => row.headline.endsWith(`, ${name}`))!;
      expect({ headline: row.headline, town: row.town }).toEqual({ headline: row.headline, town: PLACE_TOWNS[place].town });
    }
  });

  it("features no sold-out deal in a guide", async () => {
    expect(GUIDE_TAGS.size).toBeGreaterThan(0);
    const soldOutInGuides = await queryRows<{ id: number; tag: string }>(
      database.db,
      sql`select d.id, t.tag from deal_tags t join deals d on d.id = t.deal_id
          where t.tag in (${sql.join([...GUIDE_TAGS].map((tag) => sql`${tag}`), sql`, `)})
            and (d.sold_out or not exists (select 1 from products p where p.deal_id = d.id and p.visible and not p.sold_out and (p.total_remaining is null or p.total_remaining > 0)))`,
    );
    expect(soldOutInGuides).toEqual([]);
    const [guideDeals] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from deal_tags where tag in (${sql.join([...GUIDE_TAGS].map((tag) => sql`${tag}`), sql`, `)})`);
    expect(guideDeals.n).toBeGreaterThan(0);
  });

  it("seeds a few bundles, promotions and delivery options with click and collect", async () => {
    const [counts] = await queryRows<{ bundles: number; promos: number; delivery: number; collect: number }>(
      database.db,
      sql`select
        (select count(distinct deal_id)::int from deal_bundle_children) as bundles,
        (select count(*)::int from deals where promo_type_title is not null) as promos,
        (select count(*)::int from products where jsonb_array_length(delivery_options) > 0) as delivery,
        (select count(*)::int from products where delivery_options @> '[{"method": "click_and_collect"}]') as collect`,
    );
    expect(counts.bundles).toBeGreaterThanOrEqual(2);
    expect(counts.promos).toBeGreaterThanOrEqual(5);
    expect(counts.delivery).toBeGreaterThan(10);
    expect(counts.collect).toBeGreaterThan(0);
    const children = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from deal_bundle_children group by deal_id having count(*) < 2`);
    expect(children).toEqual([]);
  });
});
