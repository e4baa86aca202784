import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../../lib/brand";
import { insertCatalogBasics, insertDeal } from "../../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { BEST_SELLER_MIN_SOLD, bestSellerProductId } from "../rules/best-seller";
import { parseListingPath } from "../rules/listing-path";
import { dealBundleChildren, deals, products } from "../schema";
import { getDealPage } from "./get-deal";

let database: TestDatabase;
const now = new Date("2026-11-24T10:00:00Z");

async function open(dealId: number) {
  const path = `/deal/london/beauty/spa/${dealId}/x`;
  const { target } = parseListingPath(path);
  if (target.kind !== "deal") throw new Error("not a deal path");
  return getDealPage(database.db, { brand: BRANDS.wowcher, now, target, arrival: { pathname: path, searchParams: new URLSearchParams() }, previewToken: null });
}

let bundleDealId: number;
let plainDealId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  const bundle = await insertDeal(db, basics, { promoTypeTitle: "Black Friday", purchaseCap: 3 });
  bundleDealId = bundle.id;
  await db.insert(dealBundleChildren).values([
    { dealId: bundle.id, position: 2, name: "Afternoon tea for two", businessName: "The Tea Rooms Ltd", vatNumber: null, locations: ["Camden"] },
    { dealId: bundle.id, position: 1, name: "Full-body massage", businessName: "Serenity Spa Ltd", vatNumber: "GB123456789", locations: ["London", "Croydon"] },
  ]);
  const [only] = await db.select().from(products).where(eq(products.dealId, bundle.id));
  await db
    .update(products)
    .set({
      totalBought: 80,
      deliveryOptions: [
        { method: "standard", label: "Standard delivery (3-5 working days)", price: 399 },
        { method: "click_and_collect", label: "Click and collect", price: 0, collectFrom: "12 High Street, Camden" },
      ],
    })
    .where(eq(products.id, only.id));
  await db.insert(products).values({ dealId: bundle.id, friendlyName: "Spa day for two", price: 3500, originalPrice: 9000, totalBought: 25 });
  plainDealId = (await insertDeal(db, basics)).id;
});

afterAll(() => database.dispose());

describe("deal page data the page shows", () => {
  it("lists a bundle's children in order, with business, VAT number and locations", async () => {
    const { deal } = await open(bundleDealId);
    expect(deal.bundle).toEqual({
      children: [
        { name: "Full-body massage", businessName: "Serenity Spa Ltd", vatNumber: "GB123456789", locations: ["London", "Croydon"] },
        { name: "Afternoon tea for two", businessName: "The Tea Rooms Ltd", vatNumber: null, locations: ["Camden"] },
      ],
    });
  });

  it("carries the promo type title, the per-customer maximum and the delivery options with prices", async () => {
    const { deal } = await open(bundleDealId);
    expect(deal.promoType).toEqual({ title: "Black Friday" });
    expect(deal.userDealInfo).toEqual({ maxQuantityUserCanBuy: 3 });
    expect(deal.products[0].deliveryOptions).toEqual([
      { method: "standard", label: "Standard delivery (3-5 working days)", price: 399 },
      { method: "click_and_collect", label: "Click and collect", price: 0, collectFrom: "12 High Street, Camden" },
    ]);
  });

  it("names the option that sold the most as the best seller, from sales", async () => {
    const { deal } = await open(bundleDealId);
    expect(deal.bestSellerProductId).toBe(deal.products.find((p) => p.totalBought === 80)?.id);
  });

  it("leaves a plain deal without bundle, promo type, best seller or cap", async () => {
    const { deal } = await open(plainDealId);
    expect(deal).toMatchObject({ bundle: null, promoType: null, bestSellerProductId: null, userDealInfo: { maxQuantityUserCanBuy: null } });
    expect(deal.products[0].deliveryOptions).toEqual([]);
  });
});

describe("bestSellerProductId", () => {
  it("needs several options, enough sales and a clear lead", () => {
    expect(bestSellerProductId([{ id: 1, totalBought: 500 }])).toBeNull();
    expect(bestSellerProductId([{ id: 1, totalBought: BEST_SELLER_MIN_SOLD - 1 }, { id: 2, totalBought: 0 }])).toBeNull();
    expect(bestSellerProductId([{ id: 1, totalBought: 40 }, { id: 2, totalBought: 40 }])).toBeNull();
    expect(bestSellerProductId([{ id: 1, totalBought: 21 }, { id: 2, totalBought: BEST_SELLER_MIN_SOLD }, { id: 3, totalBought: 5 }])).toBe(1);
  });
});

describe("deals table", () => {
  it("keeps the promo type title as given", async () => {
    const [row] = await database.db.select({ title: deals.promoTypeTitle }).from(deals).where(eq(deals.id, bundleDealId));
    expect(row.title).toBe("Black Friday");
  });
});
