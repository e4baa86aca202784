/**
 * Refer a friend's pages as the server renders them: /myaccount/refer-a-friend on every brand
 * (the link on the configured origin, friends and rewards, the true terms) and the invitation
 * page a friend lands on (/refer/{code}): sign-up, existing customers, unknown codes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_IDS, BRANDS } from "../../lib/brand";
import { customers } from "../../modules/accounts/schema";
import { referralCodeOf } from "../../modules/referrals/referral-codes";
import { referrals } from "../../modules/referrals/schema";
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
const nextIp = () => `198.51.100.${++ip}`;

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock, { dublinSouthId: 275860, env: { PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk", PUBLIC_ORIGIN_WOWCHERIE: "https://www.wowcher.ie" } }));
}, 120_000);
afterAll(() => close?.());

const textOf = async (response: Response) => pageText(await pageHtml(response)).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("/myaccount/refer-a-friend", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await new TestBrowser(app, { ip: nextIp() }).request("/myaccount/refer-a-friend");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it.each(BRAND_IDS)("works on %s, with the reward in the brand's currency", async (brand) => {
    const customer = await insertCustomer(database.db, { brand });
    const browser = new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: nextIp() });
    await signInAs(browser, database.db, customer, clock);
    const response = await browser.request("/myaccount/refer-a-friend");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await textOf(response);
    const reward = BRANDS[brand].currency === "EUR" ? "€10.00" : "£10.00";
    expect(text).toContain("Refer a Friend");
    expect(text).toContain(`you get ${reward} wallet credit once their order's 14-day refund period has passed`);
    expect(text).toContain("No friends have signed up through your link yet.");
    // The terms say what really happens: 10, once per friend; not the old copy's 200.
    expect(text).not.toMatch(/[£€]200|200 (pounds|euros)/);
    expect(text).toContain("Existing customers can't be referred");
    expect(text).toContain(`pays up to 10% of each deal item, at most ${BRANDS[brand].currency === "EUR" ? "€5.00" : "£5.00"} an item`);
  });

  it("shows the link on the brand's configured origin, never the Host header's, with share links and each friend's state", async () => {
    const customer = await insertCustomer(database.db);
    const browser = new TestBrowser(app, { host: "wowcher.co.uk", ip: nextIp() });
    await signInAs(browser, database.db, customer, clock);
    const { code } = await referralCodeOf(database.db, customer.id, clock.now());
    const friend = async (firstName: string, set: Partial<typeof referrals.$inferInsert>) => {
      const [person] = await database.db
        .insert(customers)
        .values({ brand: "wowcher", email: `${firstName.toLowerCase()}.${code}@example.com`, firstName, lastName: "Young", customerToken: `token-${firstName}-${code}`, createdAt: clock.now(), updatedAt: clock.now() })
        .returning();
      await database.db.insert(referrals).values({ referrerCustomerId: customer.id, referredCustomerId: person.id, brand: "wowcher", status: "SIGNED_UP", createdAt: clock.now(), updatedAt: clock.now(), ...set });
    };
    await friend("Bea", {});
    await friend("Cy", { status: "QUALIFYING", qualifiesAt: new Date("2026-12-06T00:00:00Z") });
    await friend("Di", { status: "REWARDED", rewardAmount: 1000, currency: "GBP" });
    await friend("Ed", { status: "VOID", voidReason: "FIRST_ORDER_REFUNDED" });

    const response = await browser.request("/myaccount/refer-a-friend", { headers: { "x-forwarded-host": "evil.example" } });
    const page = await pageHtml(response);
    const text = pageText(page).replaceAll("&#x27;", "'");
    expect(page).toContain(`value="https://www.wowcher.co.uk/refer/${code}"`);
    expect(page).not.toContain("evil.example");
    expect(page).toContain(`href="https://wa.me/?text=`);
    expect(page).toContain(encodeURIComponent(`https://www.wowcher.co.uk/refer/${code}`));
    expect(page).toContain('href="mailto:?subject=');
    expect(text).toContain("Share on Facebook");
    expect(text).toContain("Share on X");
    expect(text).toContain("You have earned £10.00 so far.");
    expect(text).toContain("Bea Y. 21 November 2026 Signed up: waiting for their first order");
    expect(text).toContain("Cy Y. 21 November 2026 Ordered: your reward is due from 6 December 2026 if their order isn't refunded");
    expect(text).toContain("Di Y. 21 November 2026 You earned £10.00 on 21 November 2026");
    expect(text).toContain("Ed Y. 21 November 2026 No reward: their first order was refunded");
  });
});

describe("/refer/{code}, the invitation page", () => {
  it("invites a visitor to sign up, keeps the code in a cookie, and signing up makes them the friend's referral", async () => {
    const referrer = await insertCustomer(database.db);
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const visitor = new TestBrowser(app, { ip: nextIp() });
    const landing = await visitor.request(`/refer/${code}`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("cache-control")).toContain("no-store");
    expect(await textOf(landing)).toContain("Ada has invited you to Wowcher");
    expect(visitor.cookies.get("referral_code")).toBe(code);
    expect((await referralCodeOf(database.db, referrer.id, clock.now())).opens).toBe(1);

    const signedUp = await visitor.request(`/refer/${code}`, {
      method: "POST",
      form: { firstName: "Bea", lastName: "Young", email: `bea.${code.toLowerCase()}@example.com`, password: "correct horse battery", confirmPassword: "correct horse battery" },
    });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe("/myaccount?registered=1");
    const [bea] = await database.db.select().from(customers).where(eq(customers.email, `bea.${code.toLowerCase()}@example.com`));
    const [referral] = await database.db.select().from(referrals).where(eq(referrals.referredCustomerId, bea.id));
    expect(referral).toMatchObject({ referrerCustomerId: referrer.id, status: "SIGNED_UP" });
  });

  it("shows a sign-up mistake on the invitation page itself", async () => {
    const referrer = await insertCustomer(database.db);
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const visitor = new TestBrowser(app, { ip: nextIp() });
    await visitor.request(`/refer/${code}`);
    const wrong = await visitor.request(`/refer/${code}`, { method: "POST", form: { firstName: "Bea", lastName: "", email: "not-an-email", password: "x", confirmPassword: "y" } });
    expect(wrong.status).toBe(400);
    expect(await textOf(wrong)).toContain("Ada has invited you to Wowcher");
  });

  it("tells a signed-in customer existing customers cannot be referred, and the referrer it is their own link", async () => {
    const referrer = await insertCustomer(database.db);
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const existing = new TestBrowser(app, { ip: nextIp() });
    await signInAs(existing, database.db, await insertCustomer(database.db), clock);
    const text = await textOf(await existing.request(`/refer/${code}`));
    expect(text).toContain("You already have an account");
    expect(text).toContain("Existing customers cannot be referred");
    const own = new TestBrowser(app, { ip: nextIp() });
    await signInAs(own, database.db, referrer, clock);
    expect(await textOf(await own.request(`/refer/${code}`))).toContain("This is your own invitation link");
    expect((await referralCodeOf(database.db, referrer.id, clock.now())).opens).toBe(0);
  });

  it("answers an unknown code with a clear 404 page, and a guesser with 429", async () => {
    const guesser = new TestBrowser(app, { ip: nextIp() });
    const unknown = await guesser.request("/refer/ZZZZZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(await textOf(unknown)).toContain("This invitation link isn't recognised");
    expect(guesser.cookies.get("referral_code")).toBeUndefined();
    for (let i = 0; i < 19; i++) await guesser.request(`/refer/nope-${i}`);
    const limited = await guesser.request("/refer/ZZZZZZZZZZ");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await textOf(limited)).toContain("Too many invitation links tried");
  });

  it("does not recognise a code on another brand's site", async () => {
    const referrer = await insertCustomer(database.db);
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const response = await new TestBrowser(app, { ip: nextIp(), host: "livingsocial.co.uk" }).request(`/refer/${code}`);
    expect(response.status).toBe(404);
  });
});
