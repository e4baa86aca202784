import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVipHub } from "../modules/catalog/listing/list-vip-hub";
import { deals, products } from "../modules/catalog/schema";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { DEFAULT_SEED_NOW, seedCatalogue } from "./index";
import { seedVipShowcase } from "./vip-showcase";

let database: TestDatabase;
const now = DEFAULT_SEED_NOW;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 400, seed: 42, now });
}, 120_000);
afterAll(() => database.dispose());

describe("the VIP hub's demo contents", () => {
  it("puts a few shop deals into early access and gives a few others a VIP-only option, which the hub lists", async () => {
    const seeded = await seedVipShowcase(database.db, now);
    expect(seeded.earlyAccess).toBeGreaterThanOrEqual(3);
    expect(seeded.exclusives).toBeGreaterThanOrEqual(3);

    const only = await database.db.select().from(products).innerJoin(deals, eq(deals.id, products.dealId)).where(and(eq(products.vipExclusive, true), eq(products.totalRemaining, 200)));
    for (const { products: option, deals: deal } of only) {
      expect(option.friendlyName).toMatch(/^VIP Exclusive: .+ with a free gift set$/);
      expect(option.vipPrice).toBeLessThan(option.price);
      expect(deal).toMatchObject({ dealType: "national", productDisplayType: "dropdown", vipDiscountAllowed: true });
    }

    const hub = await listVipHub(database.db, { countryCode: "GB", locationId: 275850, now });
    expect(hub.earlyAccess.length).toBeGreaterThanOrEqual(1);
    expect(hub.earlyAccess.every((early) => early.until.getTime() > now.getTime())).toBe(true);
    expect(hub.exclusives.some((offer) => offer.product.friendlyName.startsWith("VIP Exclusive: "))).toBe(true);
    expect(hub.exclusives.every((offer) => offer.href.includes(`/${offer.deal.id}/${offer.product.id}`))).toBe(true);
    // Once early access is over the deals leave the hub's early-access row.
    expect((await listVipHub(database.db, { countryCode: "GB", locationId: 275850, now: new Date(now.getTime() + 10 * 86_400_000) })).earlyAccess).toEqual([]);
  });
});
