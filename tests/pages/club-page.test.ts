/** The Club page (/myaccount/rewards) as the server renders it and as its exchange form answers, on every brand. */
import { addMonths } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_IDS, BRANDS, type BrandId } from "../../lib/brand";
import { loyaltyEntries } from "../../modules/loyalty/schema";
import { marketingCreditLimitText } from "../../modules/wallet/plan-wallet-use";
import { walletBalance } from "../../modules/wallet/wallet";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { ManualClock } from "../support/manual-clock";
import { openShopPages, type PageApp, pageHtml, pageText } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
let ip = 0;

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock, { dublinSouthId: 275860 }));
}, 120_000);
afterAll(() => close?.());

async function signedIn(brand: BrandId = "wowcher") {
  ip += 1;
  const customer = await insertCustomer(database.db, { brand });
  const browser = new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: `198.51.100.${ip}` });
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

async function earn(customerId: number, points: number, description = "Purchase: Spa day for two") {
  await database.db.insert(loyaltyEntries).values({
    customerId,
    kind: "purchase",
    points,
    remaining: points,
    expiresAt: addMonths(clock.now(), 6),
    earnKey: `page-test:${customerId}:${Math.random()}`,
    description,
    createdAt: clock.now(),
  });
}

const text = async (response: Response) => pageText(await pageHtml(response)).replace(/&#x27;/g, "'");
/** The request id the page's exchange form carries. */
const requestIdOf = (html: string) => /name="requestId" value="([\w-]+)"/.exec(html)?.[1] ?? "";

describe("/myaccount/rewards", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await new TestBrowser(app, { ip: "198.51.100.250" }).request("/myaccount/rewards");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it.each(BRAND_IDS)("works on %s: a new shopper is Pink and told to reach the next level", async (brand) => {
    const { browser } = await signedIn(brand);
    const response = await browser.request("/myaccount/rewards");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const page = await text(response);
    expect(page).toContain("Your level: Pink");
    expect(page).toContain("100 points to Bronze");
    expect(page).toContain("Reach the next level to exchange points for wallet credit. You need 100 points more to reach Bronze.");
    expect(page).toContain(brand === "wowcherie" || brand === "livingsocialie" ? "Every €1 you pay" : "Every £1 you pay");
  });

  it("shows a Bronze shopper's points, the range to choose from, and the activity", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 114);
    const page = await text(await browser.request("/myaccount/rewards"));
    expect(page).toContain("Your level: Bronze");
    expect(page).toMatch(/Current points 114 Lifetime points 114 Points to next level 386 points to Silver/);
    expect(page).toContain("1 point = 1p of wallet credit");
    expect(page).toContain("Please select a number between 1 and 114 to exchange your points.");
    expect(page).toContain("All 114 points are worth £1.14.");
    // What the exchange credits (marketing credit, spent under checkout's per-item limit) is said before it happens.
    expect(page).toContain(`Points you exchange arrive in your wallet as marketing credit: it ${marketingCreditLimitText("GBP")}, and can't be exchanged for cash.`);
    expect(marketingCreditLimitText("GBP")).toBe("pays up to 10% of each deal item, at most £5.00 an item");
    expect(page).toContain("Purchase: Spa day for two");
  });

  it("answers a number out of range with the spec's message in the error summary, and exchanges the rest once", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 120);
    const html = await pageHtml(await browser.request("/myaccount/rewards"));
    const requestId = requestIdOf(html);
    expect(requestId).not.toBe("");

    const wrong = await browser.request("/myaccount/rewards", { method: "POST", form: { points: "500", requestId } });
    expect(wrong.status).toBe(400);
    const wrongHtml = await pageHtml(wrong);
    expect(pageText(wrongHtml)).toContain("There is a problem Please select a number between 1 and 120 to exchange your points.");
    expect(wrongHtml).toContain('href="#club-points"');
    expect(wrongHtml).toMatch(/id="club-points"[^>]*aria-invalid="true"/);

    const done = await browser.request("/myaccount/rewards", { method: "POST", form: { points: "100", requestId } });
    expect(done.status).toBe(200);
    expect(await text(done)).toContain("You exchanged 100 points for £1.00 of wallet credit.");
    // A double submit of the same form: the first exchange's answer, no second credit.
    expect(await text(await browser.request("/myaccount/rewards", { method: "POST", form: { points: "100", requestId } }))).toContain("You exchanged 100 points for £1.00");
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 100 });

    const after = await text(await browser.request("/myaccount/rewards"));
    expect(after).toContain("Exchanged for £1.00 wallet credit");
    expect(after).toContain("Please select a number between 1 and 20 to exchange your points.");
  });

  it("says 'You don't have enough points' once every point is spent, and credits euro on the Irish brands", async () => {
    const { browser, customer } = await signedIn("livingsocialie");
    await earn(customer.id, 100);
    const requestId = requestIdOf(await pageHtml(await browser.request("/myaccount/rewards")));
    expect(await text(await browser.request("/myaccount/rewards", { method: "POST", form: { points: "100", requestId } }))).toContain("You exchanged 100 points for €1.00 of wallet credit.");
    const page = await text(await browser.request("/myaccount/rewards"));
    expect(page).toContain("You don't have enough points");
    expect(page).not.toContain("Points to exchange");
    expect(await walletBalance(database.db, customer.id, "EUR")).toMatchObject({ marketing: 100 });
  });

  it("refuses a Pink shopper's posted exchange with the Pink message", async () => {
    const { browser, customer } = await signedIn();
    await earn(customer.id, 50);
    const response = await browser.request("/myaccount/rewards", { method: "POST", form: { points: "10", requestId: "made-up-request" } });
    expect(response.status).toBe(403);
    expect(await text(response)).toContain("Reach the next level to exchange points for wallet credit.");
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 0 });
  });
});
