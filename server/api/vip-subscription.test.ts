import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vipMemberships } from "../../modules/vip/schema";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertSavedCard, insertVipYear } from "../../tests/support/vip-fixtures";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-23T10:00:00Z");
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});
afterAll(() => database.dispose());

const HOSTS = { wowcher: "wowcher.co.uk", wowcherie: "wowcher.ie", livingsocial: "livingsocial.co.uk", livingsocialie: "livingsocial.ie" } as const;

async function signedIn(brand: CustomerSummary["brand"] = "wowcher") {
  ip += 1;
  const browser = new TestBrowser(app, { ip: `198.51.100.${ip}`, host: HOSTS[brand] });
  const customer = await insertCustomer(database.db, { brand });
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

describe("/v1/subscription", () => {
  it("needs a signed-in shopper", async () => {
    const guest = new TestBrowser(app, { ip: "198.51.100.250" });
    expect((await guest.api("GET", "/v1/subscription")).status).toBe(401);
    expect((await guest.api("POST", "/v1/subscription/cancel")).status).toBe(401);
    expect((await guest.api("POST", "/v1/update-vip-status", { vipStatus: "ACTIVE", optInType: "VIP-SUB-FREE-TRIAL", instrumentId: 1 })).status).toBe(401);
  });

  it("answers ELIGIBLE with the brand's price (euro on the Irish brands) for a shopper who never joined", async () => {
    const { browser } = await signedIn("livingsocialie");
    const answer = await browser.api("GET", "/v1/subscription");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(answer.body).toMatchObject({ vipStatus: "ELIGIBLE", member: false, autoRenew: false, price: { amount: 499, currency: "EUR" }, trialAvailable: true, card: null, newsletter: { subscribed: false } });
  });

  it("shows a renewing member's period and card, and cancels renewal in one call (twice: no change)", async () => {
    const { browser, customer } = await signedIn();
    const card = await insertSavedCard(database.db, clock, customer.id);
    await insertVipYear(database.db, { customerId: customer.id, start: clock.now(), cardId: card.id });
    const before = await browser.api("GET", "/v1/subscription");
    expect(before.body).toMatchObject({
      vipStatus: "ACTIVE",
      member: true,
      autoRenew: true,
      periodEnd: "2027-11-23T10:00:00.000Z",
      renewsAt: "2027-11-23T10:00:00.000Z",
      renewalChargeAt: "2027-11-20T10:00:00.000Z",
      endsAt: null,
      card: { id: card.id, cardType: "Visa", last4: "1111", allowSubscription: true },
    });

    const cancelled = await browser.api("POST", "/v1/subscription/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      changed: true,
      message: "Renewal cancelled. Your VIP membership will not renew and nothing more will be charged. You stay a VIP until 23 November 2027.",
      subscription: { vipStatus: "ACTIVE", member: true, autoRenew: false, renewsAt: null, endsAt: "2027-11-23T10:00:00.000Z" },
    });
    expect((await browser.api("POST", "/v1/subscription/cancel")).body).toMatchObject({ changed: false });

    const resumed = await browser.api("POST", "/v1/subscription/resume", {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ autoRenew: true, renewsAt: "2027-11-23T10:00:00.000Z" });
  });

  it("refuses to cancel for a shopper who is not a member", async () => {
    const { browser } = await signedIn();
    const refused = await browser.api("POST", "/v1/subscription/cancel");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: "NOT_A_MEMBER" } });
  });
});

describe("POST /v1/update-vip-status", () => {
  it("starts the free trial on the shopper's own saved card, and not twice", async () => {
    const { browser, customer } = await signedIn();
    const other = await insertCustomer(database.db);
    const theirs = await insertSavedCard(database.db, clock, other.id);
    const refused = await browser.api("POST", "/v1/update-vip-status", { vipStatus: "ACTIVE", optInType: "VIP-SUB-FREE-TRIAL", instrumentId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: "CARD_REQUIRED" } });

    const card = await insertSavedCard(database.db, clock, customer.id);
    const started = await browser.api("POST", "/v1/update-vip-status", { vipStatus: "ACTIVE", optInType: "VIP-SUB-FREE-TRIAL", instrumentId: card.id });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ vipStatus: "ACTIVE", optInType: "VIP-SUB-FREE-TRIAL", trial: true, periodEnd: "2027-01-22T10:00:00.000Z" });
    const again = await browser.api("POST", "/v1/update-vip-status", { vipStatus: "ACTIVE", optInType: "VIP-SUB-FREE-TRIAL", instrumentId: card.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "ALREADY_VIP", message: "You're already a VIP member." } });
    // The session now sees a VIP (prices follow the flag).
    expect((await browser.api<{ userprofile: { vipUser: boolean } }>("GET", "/v1/user/session")).body.userprofile?.vipUser).toBe(true);
  });

  it("answers a clear 400 for anything but the free-trial opt-in", async () => {
    const { browser } = await signedIn();
    const bad = await browser.api("POST", "/v1/update-vip-status", { vipStatus: "RENEW", optInType: "VIP-SUB-PAID-FLOW", instrumentId: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
  });
});

describe("GET /v1/vip-info/{id}", () => {
  it("answers each brand's own programme id, and 404 for another brand's", async () => {
    const irish = new TestBrowser(app, { ip: "198.51.100.251", host: "wowcher.ie" });
    const info = await irish.api("GET", "/v1/vip-info/wowcherie-vip");
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ id: "wowcherie-vip", name: "Wowcher VIP", price: { amount: 499, currency: "EUR" }, trialDays: 60, reminderDaysBeforeRenewal: 14 });
    expect((await irish.api("GET", "/v1/vip-info/wowcher-vip")).status).toBe(404);
    const uk = new TestBrowser(app, { ip: "198.51.100.252", host: "livingsocial.co.uk" });
    expect((await uk.api("GET", "/v1/vip-info/livingsocial-vip")).body).toMatchObject({ name: "LivingSocial VIP", price: { currency: "GBP" } });
  });
});

describe("POST /v1/dev/run-job with the VIP jobs", () => {
  it("ends the signed-in shopper's membership at the browser's clock, and no one else's", async () => {
    const { browser, customer } = await signedIn();
    const bystander = await insertCustomer(database.db);
    await insertVipYear(database.db, { customerId: customer.id, start: clock.now() });
    await insertVipYear(database.db, { customerId: bystander.id, start: clock.now() });
    expect((await browser.api("POST", "/v1/dev/clock", { advanceDays: 366 })).status).toBe(200);
    // A year on, the day-long session has ended: sign in again in the browser's own time.
    await signInAs(browser, database.db, customer, { now: () => new Date(clock.now().getTime() + 366 * 86_400_000) });
    for (const name of ["vip.remind-renewal", "vip.renew"]) expect((await browser.api("POST", "/v1/dev/run-job", { name })).body).toMatchObject({ name, count: 0 });
    expect((await browser.api("POST", "/v1/dev/run-job", { name: "vip.expire" })).body).toEqual({ name: "vip.expire", count: 1, now: "2027-11-24T10:00:00.000Z" });
    const statuses = await Promise.all(
      [customer, bystander].map(async (who) => (await database.db.select().from(vipMemberships).where(eq(vipMemberships.customerId, who.id)))[0].status),
    );
    expect(statuses).toEqual(["ELIGIBLE", "ACTIVE"]);
  });
});
