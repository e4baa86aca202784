import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandId } from "../../lib/brand";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { outboxMessages } from "../mail/schema";
import { recordDealSale } from "./deal-detail/sales";
import { notifyBackInStock } from "./notify-back-in-stock";
import { deals, products, soldOutNotifications } from "./schema";
import { subscribeSoldOutNotification } from "./sold-out-notifications";

const now = new Date("2026-11-23T12:00:00Z");
const publicOrigins: Record<BrandId, string> = {
  wowcher: "https://www.wowcher.co.uk",
  wowcherie: "https://www.wowcher.ie",
  livingsocial: "https://www.livingsocial.co.uk",
  livingsocialie: "https://www.livingsocial.ie",
};

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(async () => database?.dispose());

async function soldOutDeal() {
  const { deal, product } = await insertSellable(database.db, basics, { deal: { soldOut: true }, product: { soldOut: true, totalRemaining: 0 } });
  return { deal, product };
}

const mailTo = (email: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);

describe("Notify me", () => {
  it("refuses a sign-up for a deal that is on sale, with a clear message", async () => {
    const { deal } = await insertSellable(database.db, basics);
    await expect(subscribeSoldOutNotification(database.db, { countryCode: "GB", dealId: deal.id, email: "ann@example.com", now })).rejects.toMatchObject({
      code: "DEAL_ON_SALE",
      status: 409,
      message: "Good news: this deal is on sale now, so you can buy it straight away.",
    });
  });

  it("emails each subscriber once, with the deal's link, when the deal is back in stock", async () => {
    const { deal, product } = await soldOutDeal();
    for (const email of ["bea@example.com", "cal@example.com"]) {
      expect(await subscribeSoldOutNotification(database.db, { countryCode: "GB", dealId: deal.id, email, now })).toEqual({ created: true });
    }

    // Still sold out: nobody hears anything.
    expect(await notifyBackInStock(database.db, { now, publicOrigins })).toBe(0);
    expect(await mailTo("bea@example.com")).toEqual([]);

    // Stock is back.
    await database.db.update(products).set({ soldOut: false, totalRemaining: 20 }).where(eq(products.id, product.id));
    await database.db.update(deals).set({ soldOut: false }).where(eq(deals.id, deal.id));
    expect(await notifyBackInStock(database.db, { now, publicOrigins, batchSize: 1 })).toBe(2);
    const [mail] = await mailTo("bea@example.com");
    expect(mail.subject).toBe(`It's back: ${deal.headline}`);
    expect(mail.text).toContain(`https://www.wowcher.co.uk${deal.urlPath}`);
    expect(await mailTo("cal@example.com")).toHaveLength(1);
    const rows = await database.db.select().from(soldOutNotifications).where(eq(soldOutNotifications.dealId, deal.id));
    expect(rows.every((row) => row.notifiedAt?.getTime() === now.getTime())).toBe(true);

    // Running again (or on another instance) sends nothing more.
    expect(await notifyBackInStock(database.db, { now, publicOrigins })).toBe(0);
    expect(await mailTo("bea@example.com")).toHaveLength(1);
  });

  it("treats a deal at its daily cap as sold out for today: sign-up taken, email once the cap lifts", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { dailyCap: 1 } });
    await recordDealSale(database.db, { dealId: deal.id, productId: product.id, units: 1, at: now });
    expect(await subscribeSoldOutNotification(database.db, { countryCode: "GB", dealId: deal.id, email: "dee@example.com", now })).toEqual({ created: true });
    expect(await notifyBackInStock(database.db, { now, publicOrigins })).toBe(0);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(await notifyBackInStock(database.db, { now: tomorrow, publicOrigins })).toBe(1);
    expect(await mailTo("dee@example.com")).toHaveLength(1);
  });
});
