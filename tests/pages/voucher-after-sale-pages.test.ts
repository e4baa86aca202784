/**
 * The refund, credit and extension pages as a browser without JavaScript uses them: plain forms
 * with the CSRF field, the outcome on the page, and nothing of another customer's to see.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vouchers } from "../../modules/vouchers/schema";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { browserFromNewIp } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
import { buyEGift } from "../support/gift-fixtures";
import { buyVouchers } from "../support/voucher-fixtures";
import { openShopPages, type PageApp, pageHtml as html } from "../support/page-app";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ database, app, close, basics } = await openShopPages(clock));
}, 120_000);

afterAll(() => close?.());

async function shopper(options: Parameters<typeof buyVouchers>[3] = {}) {
  const purchase = await buyVouchers(database.db, basics, clock, options);
  const browser = browserFromNewIp(app);
  await signInAs(browser, database.db, purchase.customer, clock);
  return { ...purchase, browser };
}

describe("the refund page", () => {
  it("shows where the money would go with nothing chosen, asks for a choice, then refunds", async () => {
    const { browser, vouchers: [voucher] } = await shopper({ walletCredit: 400 });
    const path = `/myaccount/vouchers/${voucher.id}/refund`;
    const page = await html(await browser.request(path));
    expect(page).toContain("£15.00 back to your Visa ending 1111");
    expect(page).toContain("£4.00 you paid with wallet credit back to your wallet, instantly");
    expect(page).toContain("£19.00 wallet credit, instantly");
    expect(page).toContain("You can refund this voucher until the end of <strong>5 December 2026</strong>");
    expect(page).not.toMatch(/checked/);

    const unchosen = await browser.request(path, { method: "POST", form: {} });
    expect(unchosen.status).toBe(400);
    expect(await html(unchosen)).toContain("Please choose where your refund should go.");

    const refunded = await browser.request(path, { method: "POST", form: { destination: "original" } });
    expect(refunded.status).toBe(200);
    const after = await html(refunded);
    expect(after).toContain("Refunded");
    expect(after).toContain("£15.00 is on its way back to your Visa ending 1111");
    expect(after).toContain("£4.00 is in your wallet now");
  });

  it("is not found for another customer's voucher, on all three pages", async () => {
    const { vouchers: [voucher] } = await shopper({ protection: true });
    const { browser: stranger } = await shopper();
    for (const action of ["refund", "credit", "extend"]) {
      expect((await stranger.request(`/myaccount/vouchers/${voucher.id}/${action}`)).status).toBe(404);
      expect((await stranger.request(`/myaccount/vouchers/${voucher.id}/${action}`, { method: "POST", form: { destination: "wallet", months: "1" } })).status).toBe(404);
    }
    expect((await stranger.request("/myaccount/vouchers/not-a-number/refund")).status).toBe(404);
  });
});

describe("the credit and extension pages", () => {
  it("asks for credit and shows the request", async () => {
    const { browser, vouchers: [voucher] } = await shopper();
    const requested = await html(await browser.request(`/myaccount/vouchers/${voucher.id}/credit`, { method: "POST", form: {} }));
    expect(requested).toContain("Credit Requested");
    expect(requested).toContain("We are adding £19.00 to your wallet");
  });

  it("extends a protected voucher by the months chosen", async () => {
    const { browser, vouchers: [voucher] } = await shopper({ protection: true });
    const path = `/myaccount/vouchers/${voucher.id}/extend`;
    expect(await html(await browser.request(path))).toContain("21 May 2027");
    const extended = await html(await browser.request(path, { method: "POST", form: { months: "2", expiresAt: voucher.expiresAt.toISOString() } }));
    expect(extended).toContain("Your voucher can now be used until 21 July 2027");
  });

  it("says why an unprotected voucher cannot be extended", async () => {
    const { browser, vouchers: [voucher] } = await shopper();
    expect(await html(await browser.request(`/myaccount/vouchers/${voucher.id}/extend`))).toContain("Extensions come with Deal Protection, which was not added to this order.");
  });
});

describe("codes on the after-sale pages (codeVisibility)", () => {
  const DAY = 86_400_000;
  const pages = (id: number) => [`/myaccount/vouchers/${id}/refund`, `/myaccount/vouchers/${id}/credit`, `/myaccount/vouchers/${id}/extend`, `/myaccount/vouchers/${id}`, "/myaccount/vouchers"];

  it("sends no code and no Ready to Redeem before the voucher is ready, nor a PDF; once ready, the code", async () => {
    const { browser, vouchers: [voucher] } = await shopper({ protection: true });
    // Bought with the production wait: ready a day from now.
    await database.db.update(vouchers).set({ availableAt: new Date(clock.now().getTime() + DAY) }).where(eq(vouchers.id, voucher.id));
    for (const path of pages(voucher.id)) {
      const page = await html(await browser.request(path));
      expect(page, path).not.toContain(voucher.code);
      expect(page, path).not.toContain("Ready to Redeem");
      expect(page, path).toContain("Not Yet Ready");
    }
    const pdf = await browser.request(`/deal/print-voucher?voucherId=${voucher.id}`);
    expect(pdf.status).toBe(409);
    expect(await pdf.text()).toMatch(/^Your voucher will be ready on /);

    await database.db.update(vouchers).set({ availableAt: clock.now() }).where(eq(vouchers.id, voucher.id));
    for (const path of pages(voucher.id)) expect(await html(await browser.request(path)), path).toContain(voucher.code);
  });

  it("sends the buyer of a sent gift no code on any page, nor the PDF", async () => {
    const buyer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyEGift(database.db, clock, basics, buyer);
    const browser = browserFromNewIp(app);
    await signInAs(browser, database.db, buyer, clock);
    for (const path of pages(voucher.id)) {
      const answer = await browser.request(path);
      expect(answer.status, path).toBe(200);
      expect(await html(answer), path).not.toContain(voucher.code);
    }
    expect((await browser.request(`/deal/print-voucher?voucherId=${voucher.id}`)).status).toBe(409);
  });
});
