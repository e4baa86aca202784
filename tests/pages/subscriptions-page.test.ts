/** My Subscriptions as the server renders it: the VIP membership, one-click cancel, the trial, RENEW's way to pay. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vipMemberships } from "../../modules/vip/schema";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { ManualClock } from "../support/manual-clock";
import { openShopPages, type PageApp, pageHtml as html, pageText } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
import { insertSavedCard, insertVipYear } from "../support/vip-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-23T10:00:00Z");
let ip = 10;

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock, { dublinSouthId: 276602 }));
}, 120_000);

afterAll(() => close?.());

const HOSTS = { wowcher: "wowcher.co.uk", wowcherie: "wowcher.ie", livingsocial: "livingsocial.co.uk", livingsocialie: "livingsocial.ie" } as const;
const PATH = "/myaccount/subscriptions";
/** The page's text as a reader sees it (entities decoded). */
const textOf = (page: string) => pageText(page).replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

async function signedIn(brand: keyof typeof HOSTS = "wowcher") {
  ip += 1;
  const browser = new TestBrowser(app, { ip: `198.51.100.${ip}`, host: HOSTS[brand] });
  const customer = await insertCustomer(database.db, { brand });
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

describe("/myaccount/subscriptions", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await new TestBrowser(app, { ip: "198.51.100.200" }).request(PATH);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it("works on all four brands, in euro on the Irish ones", async () => {
    for (const [brand, price] of [
      ["wowcher", "£4.99"],
      ["livingsocial", "£4.99"],
      ["wowcherie", "€4.99"],
      ["livingsocialie", "€4.99"],
    ] as const) {
      const { browser } = await signedIn(brand);
      const response = await browser.request(PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const text = textOf(await html(response));
      expect(text).toContain("My Subscriptions");
      expect(text).toContain("You're not a VIP member.");
      expect(text).toContain(`Price ${price} a year`);
      expect(text).toContain("Deals newsletter");
    }
  });

  it("cancels renewal with one button, keeps VIP until the end, and offers to turn it back on", async () => {
    const { browser, customer } = await signedIn();
    const card = await insertSavedCard(database.db, clock, customer.id);
    await insertVipYear(database.db, { customerId: customer.id, start: clock.now(), cardId: card.id });
    const page = await html(await browser.request(PATH));
    const text = textOf(page);
    expect(text).toContain("Active until 23 November 2027.");
    expect(text).toContain("Next renewal 23 November 2027 (£4.99, charged from 20 November 2027)");
    expect(text).toContain("Renewals charged to Visa ending 1111");
    // One click: a form with the intent and a single button, nothing to tick or fill in.
    const form = /<form[^>]*method="post"[^>]*>(?:(?!<\/form>).)*cancel-renewal(?:(?!<\/form>).)*<\/form>/s.exec(page)?.[0] ?? "";
    expect(form.match(/<button/g)).toHaveLength(1);
    expect(form).not.toMatch(/type="(checkbox|radio|text)"/);
    expect(textOf(form)).toContain("Cancel renewal");

    const cancelled = await browser.request(PATH, { method: "POST", form: { intent: "cancel-renewal" } });
    expect(cancelled.status).toBe(200);
    const after = textOf(await html(cancelled));
    expect(after).toContain("Renewal cancelled");
    expect(after).toContain("You stay a VIP until 23 November 2027.");
    expect(after).toContain("Ends on 23 November 2027 (does not renew)");
    expect(after).toContain("Turn renewal back on");
    expect(after).not.toContain("Next renewal");
    const [membership] = await database.db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customer.id));
    expect(membership).toMatchObject({ status: "ACTIVE", autoRenew: false });

    const resumed = textOf(await html(await browser.request(PATH, { method: "POST", form: { intent: "resume-renewal", instrumentId: String(card.id) } })));
    expect(resumed).toContain("Renewal is back on");
    expect(resumed).toContain("Your VIP membership renews on 23 November 2027 at £4.99 a year.");
  });

  it("shows the trial's terms next to its button, and starts it on a saved card", async () => {
    const { browser, customer } = await signedIn();
    const withoutCard = textOf(await html(await browser.request(PATH)));
    expect(withoutCard).toContain('you need a card saved with us: tick "Save this card for next time"');

    const card = await insertSavedCard(database.db, clock, customer.id);
    const page = textOf(await html(await browser.request(PATH)));
    expect(page).toContain("Free for 60 days, then £4.99 a year, charged to your saved card when the trial ends. Nothing is charged before then.");
    expect(page).toContain("We email you a reminder 14 days before each renewal");
    expect(page).toContain("Start my free 60-day trial");
    const started = textOf(await html(await browser.request(PATH, { method: "POST", form: { intent: "start-trial", instrumentId: String(card.id) } })));
    expect(started).toContain("Your free VIP trial has started");
    expect(started).toContain("Free trial until 22 January 2027.");
  });

  it("in RENEW says the payment failed and offers to pay with a saved card", async () => {
    const { browser, customer } = await signedIn();
    const card = await insertSavedCard(database.db, clock, customer.id);
    const membership = await insertVipYear(database.db, { customerId: customer.id, start: new Date("2025-12-01T10:00:00Z"), cardId: card.id });
    await database.db.update(vipMemberships).set({ status: "RENEW", lastRenewalFailure: "DECLINED_BY_BANK" }).where(eq(vipMemberships.id, membership.id));
    const text = textOf(await html(await browser.request(PATH)));
    expect(text).toContain("Your renewal payment didn't go through. You're a VIP until 1 December 2026.");
    expect(text).toContain("Your card was declined by your bank.");
    expect(text).toContain("Pay £4.99 now");

    const paid = textOf(await html(await browser.request(PATH, { method: "POST", form: { intent: "pay-renewal", instrumentId: String(card.id) } })));
    expect(paid).toContain("Thank you: your VIP membership is renewed");
    expect(paid).toContain("Active until 1 December 2027.");
  });

  it("answers a bad card with an error summary, not a 500", async () => {
    const { browser } = await signedIn();
    const refused = await browser.request(PATH, { method: "POST", form: { intent: "start-trial", instrumentId: "999999" } });
    expect(refused.status).toBe(400);
    const text = textOf(await html(refused));
    expect(text).toContain("There is a problem");
    expect(text).toContain("Please choose a saved card for your VIP membership.");
  });
});
