/** The Club's /v1 calls (spec §7 loyalty): summary, exchange by request id, shareDeal and viewDeal, the legacy /reward aliases, and the development tools' Club jobs. */
import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { loyaltyEntries } from "../../modules/loyalty/schema";
import { issueVouchers } from "../../modules/vouchers/issue-vouchers";
import { walletBalance } from "../../modules/wallet/wallet";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
const DAY_MS = 86_400_000;
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  app = createTestBrowserApp(database, clock);
}, 60_000);
afterAll(() => database?.dispose());

async function signedIn(brand: CustomerSummary["brand"] = "wowcher", host = "wowcher.co.uk") {
  ip += 1;
  const browser = new TestBrowser(app, { ip: `198.51.100.${ip}`, host });
  const customer = await insertCustomer(database.db, { brand });
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

async function earn(customerId: number, points: number) {
  await database.db.insert(loyaltyEntries).values({
    customerId,
    kind: "purchase",
    points,
    remaining: points,
    expiresAt: addMonths(clock.now(), 6),
    earnKey: `api-test:${customerId}:${points}:${Math.random()}`,
    description: "Purchase: Spa day",
    createdAt: clock.now(),
  });
}

describe("the Club calls need a signed-in shopper", () => {
  it("answers 401 to guests and changes nothing", async () => {
    const guest = new TestBrowser(app, { ip: "198.51.100.250" });
    for (const [method, path, body] of [
      ["GET", "/v1/loyalty/summary", undefined],
      ["GET", "/v1/reward/details", undefined],
      ["POST", "/v1/loyalty/exchange/request-id-1", { points: 10 }],
      ["POST", "/v1/reward/exchange-points", { points: 10, requestId: "request-id-1" }],
      ["POST", "/v1/loyalty/shareDeal", [{ dealId: 1, publisherSource: "facebook" }]],
      ["POST", "/v1/loyalty/viewDeal", [{ dealId: 1, locationSite: "deal-page" }]],
      ["POST", "/v1/reward/bulkPublishEvents", [{ eventType: "VIEW_DEAL", dealId: 1 }]],
    ] as const) {
      expect({ path, status: (await guest.api(method, path, body)).status }).toEqual({ path, status: 401 });
    }
  });
});

describe("GET /v1/loyalty/summary", () => {
  it("answers the spec's Loyalty fields: a new shopper is Pink, 100 points from Bronze", async () => {
    const { browser } = await signedIn();
    const summary = await browser.api("GET", "/v1/loyalty/summary");
    expect(summary.status).toBe(200);
    expect(summary.headers.get("cache-control")).toContain("no-store");
    expect(summary.body).toMatchObject({
      currentLevel: "Pink",
      lifetimePoints: 0,
      nextLevel: "Bronze",
      pointsToNextLevel: 100,
      exchangeRate: 0,
      currentPoints: 0,
      canExchange: false,
      maxExchangeablePoints: 0,
      currency: "GBP",
      loyaltyActivityDescriptions: [],
      playerActivityCountVO: { points: 0, maxPointsPerDay: 7 },
    });
    expect((await browser.api("GET", "/v1/reward/details")).body).toEqual(summary.body);
  });

  it("refuses a bad page with a 400, not a 500", async () => {
    const { browser } = await signedIn();
    expect((await browser.api("GET", "/v1/loyalty/summary?page=abc")).status).toBe(400);
  });
});

describe("viewDeal and shareDeal", () => {
  it("earn points for real deals, once per deal, and say what each event earned", async () => {
    const { browser } = await signedIn();
    const [one, two] = await Promise.all([insertDeal(database.db, basics), insertDeal(database.db, basics)]);
    const viewed = await browser.api("POST", "/v1/loyalty/viewDeal", [
      { dealId: one.id, locationSite: "deal-page" },
      { dealId: one.id, locationSite: "deal-page" },
      { dealId: 2_000_000_000, locationSite: "deal-page" },
    ]);
    expect(viewed.body).toEqual({
      pointsEarned: 1,
      results: [
        { dealId: one.id, kind: "view", outcome: "earned", points: 1 },
        { dealId: one.id, kind: "view", outcome: "already earned", points: 0 },
        { dealId: 2_000_000_000, kind: "view", outcome: "unknown deal", points: 0 },
      ],
    });
    expect((await browser.api("POST", "/v1/loyalty/shareDeal", [{ dealId: two.id, publisherSource: "whatsapp" }])).body).toMatchObject({ pointsEarned: 2 });
    expect((await browser.api("POST", "/v1/reward/shareDeal", [{ dealId: two.id, publisherSource: "email" }])).body).toMatchObject({ pointsEarned: 0 });
    expect((await browser.api("POST", "/v1/reward/bulkPublishEvents", [{ eventType: "VIEW_DEAL", dealId: two.id }, { eventType: "SHARE_DEAL", dealId: one.id }])).body).toMatchObject({
      pointsEarned: 3,
    });
    const summary = await browser.api<{ currentPoints: number; playerActivityCountVO: { points: number }; loyaltyActivityDescriptions: { description: string }[] }>("GET", "/v1/loyalty/summary");
    expect(summary.body).toMatchObject({ currentPoints: 6, playerActivityCountVO: { points: 6 } });
    expect(summary.body.loyaltyActivityDescriptions.map((entry) => entry.description)).toContain(`Shared on WhatsApp: ${two.headline}`);
  });

  it("refuses malformed events with a 400", async () => {
    const { browser } = await signedIn();
    for (const body of [[], [{ dealId: "x" }], { dealId: 1 }, Array.from({ length: 11 }, () => ({ dealId: 1 })), [{ dealId: 1, publisherSource: "x".repeat(61) }]]) {
      expect((await browser.api("POST", "/v1/loyalty/shareDeal", body)).status).toBe(400);
    }
  });
});

describe("POST /v1/loyalty/exchange/{requestId}", () => {
  it("exchanges Bronze points for wallet credit once per request id, with the spec's messages", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 120);
    const tooMany = await browser.api("POST", "/v1/loyalty/exchange/first-request", { points: 121 });
    expect(tooMany).toMatchObject({ status: 400, body: { error: { code: "POINTS_OUT_OF_RANGE", message: "Please select a number between 1 and 120 to exchange your points.", max: 120 } } });

    const done = await browser.api("POST", "/v1/loyalty/exchange/first-request", { points: 100 });
    expect(done).toMatchObject({ status: 200, body: { pointsExchanged: 100, creditAmount: 100, currency: "GBP", repeated: false } });
    expect((await browser.api("POST", "/v1/loyalty/exchange/first-request", { points: 100 })).body).toMatchObject({ creditAmount: 100, repeated: true });
    expect((await browser.api("POST", "/v1/reward/exchange-points", { points: 20, requestId: "legacy-request" })).body).toMatchObject({ creditAmount: 20, repeated: false });
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 120 });

    const empty = await browser.api("POST", "/v1/loyalty/exchange/third-request", { points: 1 });
    expect(empty).toMatchObject({ status: 409, body: { error: { code: "NOT_ENOUGH_POINTS", message: "You don't have enough points" } } });
  });

  it("tells a Pink shopper to reach the next level", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 40);
    expect(await browser.api("POST", "/v1/loyalty/exchange/pink-request", { points: 10 })).toMatchObject({
      status: 403,
      body: { error: { code: "EXCHANGE_NOT_ALLOWED", message: "Reach the next level to exchange points for wallet credit." } },
    });
  });

  it("credits in the brand's currency (euro on wowcher.ie)", async () => {
    const { browser, customer } = await signedIn("wowcherie", "wowcher.ie");
    await earn(customer.id, 150);
    expect((await browser.api("POST", "/v1/loyalty/exchange/euro-request", { points: 150 })).body).toMatchObject({ creditAmount: 150, currency: "EUR" });
    expect(await walletBalance(database.db, customer.id, "EUR")).toMatchObject({ marketing: 150 });
  });

  it("refuses bad input with a 400 and limits how often a shopper can try", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 500);
    for (const [path, body] of [
      ["/v1/loyalty/exchange/short", { points: 1 }],
      ["/v1/loyalty/exchange/has%20space-123", { points: 1 }],
      ["/v1/loyalty/exchange/good-request-id", { points: "ten" }],
      ["/v1/loyalty/exchange/good-request-id", { points: 0 }],
      ["/v1/loyalty/exchange/good-request-id", { points: 1.5 }],
      ["/v1/reward/exchange-points", { points: 1 }],
    ] as const) {
      expect({ path, body, status: (await browser.api("POST", path, body)).status }).toEqual({ path, body, status: 400 });
    }
    let status = 0;
    for (let attempt = 0; attempt < 25 && status !== 429; attempt++) status = (await browser.api("POST", `/v1/loyalty/exchange/attempt-${attempt}-xx`, { points: 1 })).status;
    expect(status).toBe(429);
  });
});

describe("POST /v1/dev/run-job with the Club's jobs", () => {
  it("credits the signed-in shopper's purchase points at this browser's clock, and expires them 6 months on", async () => {
    const { browser, customer } = await signedIn();
    await issueVouchers(database.db, {
      orderId: 76_000_001,
      customerId: customer.id,
      currency: "GBP",
      timeZone: "Europe/London",
      at: clock.now(),
      availableAt: clock.now(),
      protected: false,
      actor: { type: "customer", id: String(customer.id) },
      lines: [
        {
          orderLineId: 76_000_001,
          dealId: 30_000_001,
          productId: 5_000_001,
          merchantId: basics.merchant.id,
          physical: false,
          quantity: 1,
          dealTitle: "Champagne afternoon tea",
          productName: "For two",
          merchantName: "Serenity Spa",
          paid: [{ card: 10_500, refundableCredit: 0, marketingCredit: 0 }],
        },
      ],
    });
    const other = await signedIn();
    expect((await browser.api("POST", "/v1/dev/run-job", { name: "loyalty.credit-purchase-points" })).body).toMatchObject({ count: 0 });

    // 31 days on for this browser: the day-long session has ended on the way, so sign in again then.
    expect((await browser.api("POST", "/v1/dev/clock", { advanceDays: 31 })).status).toBe(200);
    await signInAs(browser, database.db, customer, new ManualClock(new Date(clock.now().getTime() + 31 * DAY_MS)));
    expect((await browser.api("POST", "/v1/dev/run-job", { name: "loyalty.credit-purchase-points" })).body).toMatchObject({ name: "loyalty.credit-purchase-points", count: 1 });
    expect((await browser.api("GET", "/v1/loyalty/summary")).body).toMatchObject({ currentLevel: "Bronze", currentPoints: 105, lifetimePoints: 105 });
    expect((await other.browser.api("GET", "/v1/loyalty/summary")).body).toMatchObject({ currentPoints: 0 });

    expect((await browser.api("POST", "/v1/dev/clock", { advanceDays: 186 })).status).toBe(200);
    await signInAs(browser, database.db, customer, new ManualClock(new Date(clock.now().getTime() + 217 * DAY_MS)));
    expect((await browser.api("POST", "/v1/dev/run-job", { name: "loyalty.expire-points" })).body).toMatchObject({ count: 1 });
    expect((await browser.api("GET", "/v1/loyalty/summary")).body).toMatchObject({ currentLevel: "Bronze", currentPoints: 0, lifetimePoints: 105 });
    const entries = await database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customer.id)).orderBy(loyaltyEntries.id);
    expect(entries.map((entry) => [entry.kind, entry.points])).toEqual([
      ["purchase", 105],
      ["expiry", -105],
    ]);
  });
});
