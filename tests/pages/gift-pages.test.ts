/**
 * "Gift it" and /mygift as a browser without JavaScript uses them: plain forms with the CSRF field,
 * errors on the page, and nothing of another customer's to see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { browserFromNewIp } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
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

describe("Gift it", () => {
  it("offers Gift it on a kept voucher, asks for the recipient's email, then sends the gift and hides the code", async () => {
    const { customer, vouchers: [voucher] } = await buyVouchers(database.db, basics, clock);
    const browser = browserFromNewIp(app);
    await signInAs(browser, database.db, customer, clock);
    expect(await html(await browser.request("/myaccount/vouchers"))).toContain(`href="/myaccount/vouchers/${voucher.id}/gift"`);
    const path = `/myaccount/vouchers/${voucher.id}/gift`;
    expect(await html(await browser.request(path))).toContain("Recipient&#x27;s email");

    const missing = await browser.request(path, { method: "POST", form: { recipientName: "Max", recipientEmail: "" } });
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain("Recipient email required to send E-voucher");

    const sent = await html(await browser.request(path, { method: "POST", form: { recipientName: "Max", recipientEmail: "max@example.com", message: "Enjoy" } }));
    expect(sent).toContain("Gift sent");
    const page = await html(await browser.request(`/myaccount/vouchers/${voucher.id}`));
    expect(page).toContain("Gifted");
    expect(page).not.toContain(voucher.code);
    expect((await browser.request(`/deal/print-voucher?voucherId=${voucher.id}`)).status).toBe(409);

    const stranger = browserFromNewIp(app);
    await signInAs(stranger, database.db, await insertCustomer(database.db), clock);
    expect((await stranger.request(path)).status).toBe(404);
    expect((await stranger.request(path, { method: "POST", form: { intent: "cancel" } })).status).toBe(404);

    // Not claimed yet: the buyer can take it back, and the code is theirs again.
    expect(await html(await browser.request(path))).toContain("who has not claimed it yet");
    const cancelled = await html(await browser.request(path, { method: "POST", form: { intent: "cancel" } }));
    expect(cancelled).toContain("Gift cancelled");
    expect(await html(await browser.request(`/myaccount/vouchers/${voucher.id}`))).toContain(voucher.code);
  });
});

describe("/mygift", () => {
  it("asks a guest to sign in or register, coming back to /mygift; the guides' claim flag leads there", async () => {
    const guest = browserFromNewIp(app);
    const page = await html(await guest.request("/mygift"));
    expect(page).toContain('href="/login?redirectUrl=%2Fmygift"');
    expect(page).toContain('href="/register?redirectUrl=%2Fmygift"');
    const flagged = await guest.request("/guides/hub?claim-my-gift=true");
    expect(flagged.status).toBe(302);
    expect(flagged.headers.get("location")).toBe("/mygift");
  });

  it("says a wrong code is not recognised", async () => {
    const browser = browserFromNewIp(app);
    await signInAs(browser, database.db, await insertCustomer(database.db), clock);
    const wrong = await browser.request("/mygift", { method: "POST", form: { intent: "find", code: "NotARealGiftCode" } });
    expect(wrong.status).toBe(404);
    expect(await html(wrong)).toContain("Gift code not recognized. Please try again.");
  });
});
