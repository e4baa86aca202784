import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { findSellableProducts } from "./sellable-products";
import { deals, products } from "./schema";
import { InsufficientStockError, recordSale } from "./stock";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

async function productOf(dealId: number) {
  const [product] = await database.db.select().from(products).where(eq(products.dealId, dealId));
  return product;
}

describe("findSellableProducts", () => {
  it("returns the product with its deal, merchant, categories and per-unit postage", async () => {
    const deal = await insertDeal(database.db, basics, { deliveryType: "delivery", minPostagePrice: 399, purchaseCap: 4 });
    const product = await productOf(deal.id);
    const [found] = await database.db.transaction((tx) => findSellableProducts(tx, [product.id], { lock: true }));
    expect(found).toMatchObject({
      id: product.id,
      price: 1900,
      totalRemaining: 100,
      withdrawn: false,
      deal: {
        id: deal.id,
        merchantName: "Serenity Spa",
        category: { shortName: "beauty" },
        subCategory: { id: basics.spa.id, shortName: "spa" },
        postagePrice: 399,
        purchaseCap: 4,
        currency: "GBP",
      },
    });
  });
});

describe("recordSale", () => {
  it("takes units off stock, counts them as bought and marks the last unit sold out", async () => {
    const deal = await insertDeal(database.db, basics);
    const product = await productOf(deal.id);
    await database.db.update(products).set({ totalRemaining: 3 }).where(eq(products.id, product.id));

    await database.db.transaction((tx) => recordSale(tx, [{ productId: product.id, units: 2 }]));
    expect(await productOf(deal.id)).toMatchObject({ totalRemaining: 1, totalBought: 2, soldOut: false });

    await database.db.transaction((tx) => recordSale(tx, [{ productId: product.id, units: 1 }]));
    expect(await productOf(deal.id)).toMatchObject({ totalRemaining: 0, totalBought: 3, soldOut: true });
    const [dealRow] = await database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(dealRow).toMatchObject({ totalBought: 3, soldOut: true });
  });

  it("refuses to sell more than remains and changes nothing", async () => {
    const deal = await insertDeal(database.db, basics);
    const product = await productOf(deal.id);
    await database.db.update(products).set({ totalRemaining: 1 }).where(eq(products.id, product.id));
    await expect(database.db.transaction((tx) => recordSale(tx, [{ productId: product.id, units: 2 }]))).rejects.toBeInstanceOf(InsufficientStockError);
    expect(await productOf(deal.id)).toMatchObject({ totalRemaining: 1, totalBought: 0 });
  });

  it("sells products without a stock limit", async () => {
    const deal = await insertDeal(database.db, basics);
    const product = await productOf(deal.id);
    await database.db.update(products).set({ totalRemaining: null }).where(eq(products.id, product.id));
    await database.db.transaction((tx) => recordSale(tx, [{ productId: product.id, units: 5 }]));
    expect(await productOf(deal.id)).toMatchObject({ totalRemaining: null, totalBought: 5, soldOut: false });
  });
});
