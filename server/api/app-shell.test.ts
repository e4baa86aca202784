import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setNewsletterSubscription } from "../../modules/accounts/newsletter";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-24T10:00:00Z");
let ipCounter = 0;

function newBrowser(host = "wowcher.co.uk") {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `198.18.1.${ipCounter}`, host });
}

type Exposures = { exposures: { test: string; variant: string; exposures: number }[] };

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});

afterAll(() => database.dispose());

describe("POST /v1/experiments/exposures", () => {
  it("answers the cookie's variant and counts each exposure in the browser's own log", async () => {
    const browser = newBrowser("wowcher.ie");
    browser.cookies.set("ab_autocomplete", "b");
    const first = await browser.api<{ assignments: { test: string; variant: string }[] }>("POST", "/v1/experiments/exposures", { tests: ["autocomplete"] });
    expect(first.status).toBe(200);
    expect(first.body.assignments).toEqual([{ test: "autocomplete", variant: "b" }]);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("ab_id="))).toContain(`Max-Age=${365 * 86_400}`);

    await browser.api("POST", "/v1/experiments/exposures", { tests: ["autocomplete"] });
    const log = await browser.api<Exposures>("GET", "/v1/experiments/exposures");
    expect(log.body.exposures.map((row) => [row.test, row.variant, row.exposures])).toEqual([["autocomplete", "b", 2]]);
    // Another browser sees only its own log.
    expect((await newBrowser("wowcher.ie").api<Exposures>("GET", "/v1/experiments/exposures")).body.exposures).toEqual([]);
  });

  it("neither assigns nor logs tests without a treatment (passwordless checkout, booking-calendar gift, Irish draw)", async () => {
    for (const host of ["wowcher.co.uk", "wowcher.ie"]) {
      const browser = newBrowser(host);
      browser.cookies.set("ab_passwordless_checkout", "b");
      browser.cookies.set("ab_booking_calendar_gift", "b");
      for (const test of ["passwordless-checkout", "booking-calendar-gift", "ie-variant"]) {
        expect((await browser.api("POST", "/v1/experiments/exposures", { tests: [test] })).status).toBe(400);
      }
      expect(browser.cookies.has("ab_ie")).toBe(false);
      expect((await browser.api<Exposures>("GET", "/v1/experiments/exposures")).body.exposures).toEqual([]);
    }
  });

  it("refuses unknown tests or a missing CSRF token", async () => {
    const browser = newBrowser();
    expect((await browser.api("POST", "/v1/experiments/exposures", { tests: ["nope"] })).status).toBe(400);
    expect((await browser.api("POST", "/v1/experiments/exposures", { tests: ["autocomplete"] }, { headers: { "x-csrf-token": "forged" } })).status).toBe(403);
  });
});

describe("GET /v1/marketing-lightbox", () => {
  it("offers the lightbox to a visitor not on the list, not after it was shown or to an affiliate arrival", async () => {
    const browser = newBrowser();
    expect((await browser.api("GET", "/v1/marketing-lightbox")).body).toEqual({ offer: true });
    browser.cookies.set("mkt_lightbox", "1");
    expect((await browser.api("GET", "/v1/marketing-lightbox")).body).toEqual({ offer: false });
    const affiliate = newBrowser();
    affiliate.cookies.set("affiliate", "awin");
    expect((await affiliate.api("GET", "/v1/marketing-lightbox")).body).toEqual({ offer: false });
  });

  it("does not offer it to a customer an email link named who is subscribed already", async () => {
    const customer = await insertCustomer(database.db);
    const browser = newBrowser();
    browser.cookies.set("customer_token", customer.customerToken);
    expect((await browser.api("GET", "/v1/marketing-lightbox")).body).toEqual({ offer: true });
    await setNewsletterSubscription(database.db, clock, { brand: customer.brand, email: customer.email, subscribed: true, linkOrigin: "https://www.wowcher.co.uk" });
    expect((await browser.api("GET", "/v1/marketing-lightbox")).body).toEqual({ offer: false });
  });
});
