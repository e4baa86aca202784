import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { walletEntries } from "../../modules/wallet/schema";
import { addWalletCredit, spendWalletCredit } from "../../modules/wallet/wallet";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
const DAY_MS = 86_400_000;
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});
afterAll(() => database.dispose());

async function signedIn(brand: CustomerSummary["brand"] = "wowcher", host = "wowcher.co.uk") {
  ip += 1;
  const browser = new TestBrowser(app, { ip: `198.51.100.${ip}`, host });
  const customer = await insertCustomer(database.db, { brand });
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

const credit = (customerId: number, amount: number, options: { currency?: "GBP" | "EUR"; balanceType?: "refundable" | "marketing"; at?: Date; voucherId?: number; orderId?: number } = {}) =>
  addWalletCredit(database.db, {
    customerId,
    currency: options.currency ?? "GBP",
    balanceType: options.balanceType ?? "refundable",
    amount,
    reason: options.voucherId ? "refund" : "goodwill",
    description: options.voucherId ? "Refund of voucher ABC" : "Goodwill",
    at: options.at ?? clock.now(),
    voucherId: options.voucherId,
    orderId: options.orderId,
  });

describe("GET /v1/user/wallet", () => {
  it("needs a signed-in shopper", async () => {
    const guest = new TestBrowser(app, { ip: "198.51.100.250" });
    for (const path of ["/v1/user/wallet", "/v1/user/wallet/ledger"]) expect((await guest.api("GET", path)).status).toBe(401);
  });

  it("answers the spec's wallet state: balances per currency, the brand's first, and hasError", async () => {
    const { browser, customer } = await signedIn();
    expect((await browser.api("GET", "/v1/user/wallet")).body).toEqual({ userWallet: [{ currency: "GBP", marketingBalance: 0, refundableBalance: 0 }], hasError: false });

    await credit(customer.id, 2500);
    await credit(customer.id, 600, { balanceType: "marketing" });
    await credit(customer.id, 1000, { currency: "EUR" });
    await spendWalletCredit(database.db, { customerId: customer.id, currency: "GBP", use: { refundable: 500, marketing: 100 }, orderId: 70000001, at: clock.now() });
    const wallet = await browser.api("GET", "/v1/user/wallet");
    expect(wallet.headers.get("cache-control")).toContain("no-store");
    expect(wallet.body).toEqual({
      userWallet: [
        { currency: "GBP", marketingBalance: 500, refundableBalance: 2000 },
        { currency: "EUR", marketingBalance: 0, refundableBalance: 1000 },
      ],
      hasError: false,
    });
  });
});

describe("GET /v1/user/wallet/ledger", () => {
  it("pages the ledger newest first, 20 a page, with where each entry came from, its expiry and what is left", async () => {
    const { browser, customer } = await signedIn();
    await credit(customer.id, 1500, { voucherId: 90000007, orderId: 80000003, at: new Date(clock.now().getTime() - DAY_MS) });
    for (let i = 0; i < 20; i++) await credit(customer.id, 100 + i);
    const first = await browser.api<{ entries: Record<string, unknown>[]; page: number; pageCount: number; total: number }>("GET", "/v1/user/wallet/ledger");
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: 21, hasError: false });
    expect(first.body.entries).toHaveLength(20);
    expect(first.body.entries[0]).toMatchObject({ amount: 119, reason: "goodwill", source: "Goodwill" });

    const second = await browser.api<{ entries: Record<string, unknown>[] }>("GET", "/v1/user/wallet/ledger?page=2");
    expect(second.body.entries).toEqual([
      {
        id: expect.any(Number),
        createdAt: "2026-11-20T12:00:00.000Z",
        currency: "GBP",
        balanceType: "refundable",
        amount: 1500,
        reason: "refund",
        source: "Refund",
        description: "Refund of voucher ABC",
        orderId: 80000003,
        voucherId: 90000007,
        giftCardId: null,
        expiresAt: "2027-11-20T12:00:00.000Z",
        remaining: 1500,
        orderPath: "/order-confirmation/80000003",
        voucherPath: "/myaccount/vouchers/90000007",
      },
    ]);
    expect((await browser.api("GET", "/v1/user/wallet/ledger?page=0")).status).toBe(400);
  });

  it("shows nothing of another shopper's wallet", async () => {
    const { customer: other } = await signedIn();
    await credit(other.id, 999);
    const { browser } = await signedIn();
    expect((await browser.api("GET", "/v1/user/wallet/ledger")).body).toMatchObject({ entries: [], total: 0 });
  });
});

describe("development tools: credit, time travel and running a wallet job", () => {
  it("gives goodwill credit, and a browser 12 months ahead sees only its own shopper's credit expire, with a ledger entry", async () => {
    const { customer: bystander } = await signedIn();
    await credit(bystander.id, 400);
    const { browser, customer } = await signedIn();
    expect((await browser.api("POST", "/v1/dev/wallet-credit", { amount: 700 })).status).toBe(201);

    expect((await browser.api("POST", "/v1/dev/clock", { advanceDays: 366 })).status).toBe(200);
    // A year on, the day-long session has ended: sign in again in the browser's own time.
    await signInAs(browser, database.db, customer, { now: () => new Date(clock.now().getTime() + 366 * DAY_MS) });
    const run = await browser.api("POST", "/v1/dev/run-job", { name: "wallet.expire-credit" });
    expect(run.body).toEqual({ name: "wallet.expire-credit", count: 1, now: "2027-11-22T12:00:00.000Z" });

    const ledger = await browser.api<{ entries: { amount: number; reason: string; remaining: number | null; createdAt: string }[] }>("GET", "/v1/user/wallet/ledger");
    expect(ledger.body.entries.map(({ amount, reason, remaining, createdAt }) => ({ amount, reason, remaining, createdAt }))).toEqual([
      { amount: -700, reason: "expiry", remaining: null, createdAt: "2027-11-21T12:00:00.000Z" },
      { amount: 700, reason: "goodwill", remaining: 0, createdAt: "2026-11-21T12:00:00.000Z" },
    ]);
    // The other shopper's credit, as old, waits for the real job in real time.
    const bystanderEntries = await database.db.select({ reason: walletEntries.reason }).from(walletEntries).where(eq(walletEntries.customerId, bystander.id));
    expect(bystanderEntries).toEqual([{ reason: "goodwill" }]);
    expect((await browser.api("POST", "/v1/dev/run-job", { name: "payments.settle" })).status).toBe(400);
  });
});

describe("POST /v1/user/wallet/apply-credit", () => {
  it("pays towards the basket with wallet credit, and stops", async () => {
    const basics = await insertCatalogBasics(database.db);
    const { product } = await insertSellable(database.db, basics, { product: { price: 2000 } });
    const { browser, customer } = await signedIn();
    await credit(customer.id, 500);
    const token = ((await browser.api<{ token: string }>("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 1 }] })).body).token;

    expect((await browser.api("POST", "/v1/user/wallet/apply-credit", { basketToken: token, applyCredit: true })).body).toEqual({ applied: true });
    const applied = await browser.api<{ orderSummary: { walletAmountUsed: number } }>("GET", `/v1/checkout/${token}`);
    expect(applied.body.orderSummary.walletAmountUsed).toBe(500);
    expect((await browser.api("POST", "/v1/user/wallet/apply-credit", { basketToken: token, applyCredit: false })).body).toEqual({ applied: false });
    expect((await browser.api<{ orderSummary: { walletAmountUsed: number } }>("GET", `/v1/checkout/${token}`)).body.orderSummary.walletAmountUsed).toBe(0);

    const guest = new TestBrowser(app, { ip: "198.51.100.251" });
    expect((await guest.api("POST", "/v1/user/wallet/apply-credit", { basketToken: token, applyCredit: true })).status).toBe(401);
  });
});

// Last: it takes the ledger away from this file's database for a moment.
describe("when the wallet cannot be read", () => {
  it("answers LivingSocial shoppers with the spec's message, others with the general one, never a bare 500", async () => {
    const livingSocial = await signedIn("livingsocial", "livingsocial.co.uk");
    const wowcher = await signedIn();
    // A real failure of the database read: the ledger's table is not there.
    await database.db.execute(sql`alter table wallet_entries rename to wallet_entries_away`);
    try {
      const failed = await livingSocial.browser.api("GET", "/v1/user/wallet");
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({ userWallet: [], hasError: true, error: { code: "LIVING_SOCIAL_WALLET_UNAVAILABLE", message: "An error occured fetching your living-social details." } });
      expect((await livingSocial.browser.api("GET", "/v1/user/wallet/ledger")).body).toMatchObject({ hasError: true, error: { message: "An error occured fetching your living-social details." } });
      expect((await wowcher.browser.api("GET", "/v1/user/wallet")).body).toEqual({
        userWallet: [],
        hasError: true,
        error: { code: "WALLET_UNAVAILABLE", message: "An unexpected error occured, please try again later." },
      });
    } finally {
      await database.db.execute(sql`alter table wallet_entries_away rename to wallet_entries`);
    }
    expect((await livingSocial.browser.api("GET", "/v1/user/wallet")).body).toMatchObject({ hasError: false });
  });
});
