import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../lib/brand";
import { fixedClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { createApp } from "../../server/app";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { addProduct } from "../basket/add-product";
import { createBasket } from "../basket/create-basket";
import { getDealPage } from "../catalog/deal-detail/get-deal";
import { parseListingPath } from "../catalog/rules/listing-path";
import { dealSalesHourly, products } from "../catalog/schema";
import { placeOrder } from "../orders/place-order";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { customerPurchases, inventoryNights } from "./schema";
import { NightSoldOutError } from "./kinds/nights";
import { sellUnits } from "./sell";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: ReturnType<typeof createApp>;
// Saturday 15:00 in London: the social cue shows the last 12 hours.
const now = new Date("2026-11-21T15:00:00Z");
const clock = fixedClock(now);
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  app = createApp({ database, clock, config: loadConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }) });
});
afterAll(() => database.dispose());

async function newCustomer() {
  const customer = await insertCustomer(database.db);
  return { id: customer.id, email: customer.email, vip: false };
}

/** A real order through checkout: basket, card authorization, placement. */
async function buy(customer: Awaited<ReturnType<typeof newCustomer>>, productId: number, quantity: number) {
  const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId, quantity }] }, actorAt(now, customer));
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error(JSON.stringify(card.errors));
  nextKey += 1;
  const result = await placeOrder(placementServices(database.db, clock), {
    basketToken: basket.token,
    idempotencyKey: `ledger-${nextKey}`,
    customer,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!result.ok) throw result.error;
  return result.order;
}

async function dealPage(dealId: number) {
  const pathname = `/deal/london/beauty/spa/${dealId}/x`;
  const { target } = parseListingPath(pathname);
  if (target.kind !== "deal") throw new Error("not a deal path");
  return (await getDealPage(database.db, { brand: BRANDS.wowcher, now, target, arrival: { pathname, searchParams: new URLSearchParams() }, previewToken: null })).deal;
}

async function socialCue(dealId: number) {
  const response = await app.request(`/v1/socialcue/deal?dealId=${dealId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { count: number | null; message: string | null };
}

describe("one ledger for sales", () => {
  it("lowers the deal page's remaining-for-day, raises the social cue and caps the basket as real orders are placed", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { dailyCap: 5 }, product: { totalRemaining: 50 } });
    expect((await dealPage(deal.id)).totalRemainingForDay).toBe(5);
    expect(await socialCue(deal.id)).toMatchObject({ count: null, message: null });

    await buy(await newCustomer(), product.id, 2);
    expect((await dealPage(deal.id)).totalRemainingForDay).toBe(3);
    expect(await socialCue(deal.id)).toMatchObject({ count: 2, message: "2 bought in the last 12 hours" });

    await buy(await newCustomer(), product.id, 3);
    const page = await dealPage(deal.id);
    expect(page.totalRemainingForDay).toBe(0);
    expect(page.dailyPurchaseCapReached).toBe(true);
    expect((await socialCue(deal.id)).message).toBe("5 bought in the last 12 hours");

    // The basket reads the same ledger: nothing more of the deal today, for anyone.
    const late = await newCustomer();
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, actorAt(now, late));
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, actorAt(now, late))).rejects.toThrow("Oops! This item is no longer available.");
    const [stock] = await database.db.select({ totalRemaining: products.totalRemaining }).from(products).where(eq(products.id, product.id));
    expect(stock.totalRemaining).toBe(45);
  });

  it("counts a customer's real orders against their purchase cap", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { purchaseCap: 2 } });
    const customer = await newCustomer();
    await buy(customer, product.id, 2);
    expect(await database.db.select().from(customerPurchases).where(eq(customerPurchases.customerId, customer.id))).toEqual([
      { customerId: customer.id, dealId: deal.id, productId: product.id, units: 2 },
    ]);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, actorAt(now, customer));
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, actorAt(now, customer))).rejects.toThrow(
      "Oops! You've reached the max quantity for some items.",
    );
  });
});

describe("sellUnits", () => {
  it("sells a dated product's nights within their capacity, and writes nothing when one night is full", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { product: { totalRemaining: 10 } });
    await database.db.insert(inventoryNights).values([
      { productId: product.id, night: "2026-12-04", capacity: 3 },
      { productId: product.id, night: "2026-12-05", capacity: 2 },
    ]);
    const customer = await newCustomer();
    const stay = (units: number) => ({ customerId: customer.id, at: now, lines: [{ dealId: deal.id, productId: product.id, units, nights: ["2026-12-04", "2026-12-05"] }] });
    await database.db.transaction((tx) => sellUnits(tx, stay(2)));
    await expect(database.db.transaction((tx) => sellUnits(tx, stay(1)))).rejects.toThrow(NightSoldOutError);

    const nights = await database.db.select({ night: inventoryNights.night, sold: inventoryNights.sold }).from(inventoryNights).where(eq(inventoryNights.productId, product.id));
    expect(nights.sort((a, b) => a.night.localeCompare(b.night))).toEqual([
      { night: "2026-12-04", sold: 2 },
      { night: "2026-12-05", sold: 2 },
    ]);
    const ledger = await database.db.select({ units: dealSalesHourly.units }).from(dealSalesHourly).where(and(eq(dealSalesHourly.dealId, deal.id), eq(dealSalesHourly.productId, product.id)));
    expect(ledger).toEqual([{ units: 2 }]);
    const [stock] = await database.db.select({ totalRemaining: products.totalRemaining }).from(products).where(eq(products.id, product.id));
    expect(stock.totalRemaining).toBe(8);
  });
});
