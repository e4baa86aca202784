/**
 * The deal page as a shopper gets it: promotion, bundle, delivery options, best seller, the
 * per-customer maximum (their own when signed in) and JSON-LD, rendered by the app's own routes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { dealBundleChildren, deals, products } from "../../modules/catalog/schema";
import { customerPurchases } from "../../modules/inventory/schema";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { insertCatalogBasics, insertDeal } from "../support/catalog-fixtures";
import { pageHtml, pageText, startPageApp, type PageApp } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let dealPath: string;
let dealId: number;
const clock = fixedClock("2026-11-24T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  const deal = await insertDeal(db, basics, { headline: "Pamper day </script> for two", promoTypeTitle: "Black Friday", purchaseCap: 4, reviewCount: 3, reviewAverage: 4.5 });
  dealId = deal.id;
  dealPath = `/deal/london/beauty/spa/${deal.id}/pamper-day`;
  await db.update(deals).set({ urlPath: dealPath }).where(eq(deals.id, deal.id));
  await db
    .update(products)
    .set({
      totalBought: 64,
      deliveryOptions: [
        { method: "standard", label: "Standard delivery (3 to 5 working days)", price: 299 },
        { method: "click_and_collect", label: "Click and collect (9 to 5 weekdays)", price: 0, collectFrom: "12 High Street, Camden" },
      ],
    })
    .where(eq(products.dealId, deal.id));
  await db.insert(products).values({ dealId: deal.id, friendlyName: "Pamper day for four", price: 3800, originalPrice: 9000, totalBought: 12, sortOrder: 1 });
  await db.insert(dealBundleChildren).values([
    { dealId: deal.id, position: 1, name: "Spa day", businessName: "Serenity Spa Ltd", vatNumber: "GB123456789", locations: ["London"] },
    { dealId: deal.id, position: 2, name: "Afternoon tea", businessName: "The Tea Rooms Ltd", locations: ["Camden"] },
  ]);
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);

afterAll(async () => {
  await close();
  await database.dispose();
});

async function dealPage(browser = new TestBrowser(app)) {
  const response = await browser.request(dealPath);
  expect(response.status).toBe(200);
  return pageHtml(response);
}

describe("the deal page", () => {
  it("shows the promotion, the bundle's parts, delivery prices, the best seller and the per-customer maximum", async () => {
    const text = pageText(await dealPage());
    expect(text).toContain("Black Friday");
    expect(text).toContain("What&#x27;s in this bundle");
    expect(text).toContain("Provided by Serenity Spa Ltd · VAT number GB123456789");
    expect(text).toContain("Where: Camden");
    expect(text).toContain("Standard delivery (3 to 5 working days) £2.99");
    expect(text).toContain("Collect from 12 High Street, Camden FREE");
    expect(text).toMatch(/Best seller Spa day for one \( ?64 sold\)/);
    expect(text).toContain("You can buy up to 4");
  });

  it("tells a signed-in shopper how many more they may buy", async () => {
    const customer = await insertCustomer(database.db);
    const [product] = await database.db.select().from(products).where(eq(products.dealId, dealId)).limit(1);
    await database.db.insert(customerPurchases).values({ customerId: customer.id, dealId, productId: product.id, units: 3 });
    const browser = new TestBrowser(app);
    await signInAs(browser, database.db, customer, clock);
    expect(pageText(await dealPage(browser))).toContain("You can buy up to 1");
  });

  it("carries JSON-LD that parses, with the Offer's price, and no early end of its script", async () => {
    const html = await dealPage();
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    const [product, breadcrumbs] = JSON.parse(match![1]);
    expect(product).toMatchObject({ "@type": "Product", name: "Pamper day </script> for two", offers: { "@type": "Offer", price: "19.00", priceCurrency: "GBP" } });
    expect(product.aggregateRating).toMatchObject({ ratingValue: "4.5", reviewCount: 3 });
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
    expect(html).toContain('<script nonce="');
  });
});
