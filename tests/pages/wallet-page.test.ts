/** My Wallet as the server renders it: balances per currency, what expires next, the ledger with its links. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWalletCredit, spendWalletCredit } from "../../modules/wallet/wallet";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { ManualClock } from "../support/manual-clock";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
import { openShopPages, type PageApp, pageHtml as html, pageText as textOf } from "../support/page-app";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock));
}, 120_000);

afterAll(() => close?.());

describe("/myaccount/wallet", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await new TestBrowser(app, { ip: "198.51.100.200" }).request("/myaccount/wallet");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it("shows both balances per currency, what expires next, and the ledger with links to the voucher and order", async () => {
    const customer = await insertCustomer(database.db);
    const browser = new TestBrowser(app, { ip: "198.51.100.201" });
    await signInAs(browser, database.db, customer, clock);
    const add = (amount: number, options: { currency?: "GBP" | "EUR"; balanceType?: "refundable" | "marketing"; daysAgo?: number; voucherId?: number; orderId?: number }) =>
      addWalletCredit(database.db, {
        customerId: customer.id,
        currency: options.currency ?? "GBP",
        balanceType: options.balanceType ?? "refundable",
        amount,
        reason: options.voucherId ? "refund" : "gift_card",
        description: options.voucherId ? "Refund of voucher WOW-1" : "Gift card",
        at: new Date(clock.now().getTime() - (options.daysAgo ?? 0) * 86_400_000),
        voucherId: options.voucherId,
        orderId: options.orderId,
      });
    await add(1500, { voucherId: 90000011, orderId: 80000012, daysAgo: 300 });
    await add(2500, { daysAgo: 10 });
    await add(400, { balanceType: "marketing" });
    await add(900, { currency: "EUR" });
    await spendWalletCredit(database.db, { customerId: customer.id, currency: "GBP", use: { refundable: 500, marketing: 0 }, orderId: 80000099, at: clock.now() });

    const response = await browser.request("/myaccount/wallet");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const page = await html(response);
    const text = textOf(page);
    expect(text).toContain("My Wallet");
    // Refundable 1500 + 2500 − 500 spent (from the credit expiring first); marketing 400; euro 900.
    expect(text).toMatch(/GBP £35\.00 £4\.00 £10\.00 on 25 January 2027/);
    expect(text).toMatch(/EUR €9\.00 €0\.00 €9\.00 on 21 November 2027/);
    expect(page).toContain('href="/myaccount/vouchers/90000011"');
    expect(page).toContain('href="/order-confirmation/80000012"');
    expect(page).toContain('href="/order-confirmation/80000099"');
    expect(text).toContain("Refund of voucher WOW-1");
    expect(text).toMatch(/Order 80000099 -£5\.00/);
    // The refund's credit: expires 12 months after it arrived, £10.00 of it left.
    expect(text).toMatch(/\+£15\.00 25 January 2027 £10\.00/);
    expect(page).toMatch(/<th scope="col"[^>]*>Expires<\/th>/);
  });

  it("tells a LivingSocial shopper the spec's message when the wallet cannot be read", async () => {
    const customer = await insertCustomer(database.db, { brand: "livingsocial" });
    const browser = new TestBrowser(app, { ip: "198.51.100.202", host: "livingsocial.co.uk" });
    await signInAs(browser, database.db, customer, clock);
    await database.db.execute(sql`alter table wallet_entries rename to wallet_entries_away`);
    try {
      const response = await browser.request("/myaccount/wallet");
      expect(response.status).toBe(503);
      expect(textOf(await html(response))).toContain("An error occured fetching your living-social details.");
    } finally {
      await database.db.execute(sql`alter table wallet_entries_away rename to wallet_entries`);
    }
  });
});
