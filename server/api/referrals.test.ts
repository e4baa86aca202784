/** Refer a friend's API (spec §7 "Referral"): status, share and open counters, sign-up through a link, the legacy assign, the development job. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../modules/accounts/schema";
import { recordReferredFirstOrder } from "../../modules/referrals/first-order";
import { referralCodeOf } from "../../modules/referrals/referral-codes";
import { referrals } from "../../modules/referrals/schema";
import { walletBalance } from "../../modules/wallet/wallet";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
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
  app = createTestBrowserApp(database, clock, { env: { PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk" } });
});
afterAll(() => database.dispose());

const nextIp = () => `198.51.100.${++ip}`;
const guest = (host = "wowcher.co.uk") => new TestBrowser(app, { ip: nextIp(), host });

async function signedIn(options: { brand?: "wowcher" | "livingsocial"; newAccount?: boolean } = {}) {
  const browser = guest(options.brand === "livingsocial" ? "livingsocial.co.uk" : "wowcher.co.uk");
  const customer = await insertCustomer(database.db, { brand: options.brand });
  if (options.newAccount) await database.db.update(customers).set({ createdAt: clock.now() }).where(eq(customers.id, customer.id));
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

const codeOf = async (customerId: number) => (await referralCodeOf(database.db, customerId, clock.now())).code;
const opensOf = async (customerId: number) => (await referralCodeOf(database.db, customerId, clock.now())).opens;
const referralOf = async (referredCustomerId: number) => (await database.db.select().from(referrals).where(eq(referrals.referredCustomerId, referredCustomerId)))[0];

let emails = 0;
const registration = (firstName: string) => ({ email: `friend${++emails}@example.com`, password: "correct horse battery", confirmPassword: "correct horse battery", firstName, lastName: "Friend" });

describe("GET /v1/user/raf/status", () => {
  it("needs a signed-in customer", async () => {
    expect((await guest().api("GET", "/v1/user/raf/status")).status).toBe(401);
    expect((await guest().api("POST", "/v1/user/raf/stat/share", { channel: "email" })).status).toBe(401);
  });

  it("answers the invitation link on the brand's configured origin, never the Host header's, and the counters", async () => {
    const { browser } = await signedIn();
    const status = await browser.api<{ code: string; shareUrl: string }>("GET", "/v1/user/raf/status", undefined, { headers: { "x-forwarded-host": "evil.example" } });
    expect(status.status).toBe(200);
    expect(status.headers.get("cache-control")).toContain("no-store");
    expect(status.body).toMatchObject({ shares: 0, opens: 0, rewardAmount: 1000, currency: "GBP", earned: 0, referrals: [] });
    expect(status.body.shareUrl).toBe(`https://www.wowcher.co.uk/refer/${status.body.code}`);
  });
});

describe("POST /v1/user/raf/stat/share", () => {
  it("counts each share, refuses unknown channels and stops counting past the limit", async () => {
    const { browser, customer } = await signedIn();
    expect((await browser.api("POST", "/v1/user/raf/stat/share", { channel: "whatsapp" })).body).toEqual({ shares: 1 });
    expect((await browser.api("POST", "/v1/user/raf/stat/share", { channel: "copy" })).body).toEqual({ shares: 2 });
    expect((await browser.api("POST", "/v1/user/raf/stat/share", { channel: "pigeon" })).status).toBe(400);
    for (let i = 0; i < 28; i++) await browser.api("POST", "/v1/user/raf/stat/share", { channel: "x" });
    const over = await browser.api("POST", "/v1/user/raf/stat/share", { channel: "x" });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect((await referralCodeOf(database.db, customer.id, clock.now())).shares).toBe(30);
  });
});

describe("following an invitation link (POST /v1/user/raf/stat/open)", () => {
  it("counts an open once per client address a day and keeps the code in the referral cookie", async () => {
    const { customer: referrer } = await signedIn();
    const code = await codeOf(referrer.id);
    const visitor = guest();
    expect((await visitor.api("POST", "/v1/user/raf/stat/open", { code: code.toLowerCase() })).body).toEqual({ status: "invited", referrerFirstName: "Ada" });
    expect(visitor.cookies.get("referral_code")).toBe(code);
    await visitor.api("POST", "/v1/user/raf/stat/open", { code });
    await visitor.api("POST", "/v1/user/raf/stat/open", { code });
    expect(await opensOf(referrer.id)).toBe(1);
    await guest().api("POST", "/v1/user/raf/stat/open", { code });
    expect(await opensOf(referrer.id)).toBe(2);
  });

  it("tells the referrer it is their own link and an existing customer they cannot be referred, counting neither", async () => {
    const { browser, customer: referrer } = await signedIn();
    const code = await codeOf(referrer.id);
    expect((await browser.api("POST", "/v1/user/raf/stat/open", { code })).body).toEqual({ status: "own", referrerFirstName: null });
    const { browser: existing } = await signedIn();
    expect((await existing.api("POST", "/v1/user/raf/stat/open", { code })).body).toEqual({ status: "existing", referrerFirstName: "Ada" });
    expect(existing.cookies.get("referral_code")).toBeUndefined();
    expect(await opensOf(referrer.id)).toBe(0);
  });

  it("answers unknown codes 404 and, after too many, 429 even for a real code", async () => {
    const { customer: referrer } = await signedIn();
    const code = await codeOf(referrer.id);
    const guesser = guest();
    const unknown = await guesser.api("POST", "/v1/user/raf/stat/open", { code: "ZZZZZZZZZZ" });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "CODE_NOT_RECOGNIZED" } } });
    expect((await guesser.api("POST", "/v1/user/raf/stat/open", { code: "not a code at all <script>" })).status).toBe(404);
    for (let i = 0; i < 18; i++) await guesser.api("POST", "/v1/user/raf/stat/open", { code: `ZZZZZZZZ${String(i).padStart(2, "2")}` });
    const limited = await guesser.api("POST", "/v1/user/raf/stat/open", { code });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await opensOf(referrer.id)).toBe(0);
  });
});

describe("signing up through a link", () => {
  it("makes the new account the referrer's referral, once, and uses the cookie up", async () => {
    const { customer: referrer } = await signedIn();
    const code = await codeOf(referrer.id);
    const friend = guest();
    await friend.api("POST", "/v1/user/raf/stat/open", { code });
    const registered = await friend.api<{ userprofile: { email: string } }>("POST", "/v1/register", registration("Bea"));
    expect(registered.status).toBe(201);
    expect(friend.cookies.get("referral_code")).toBeUndefined();
    const [account] = await database.db.select().from(customers).where(eq(customers.email, registered.body.userprofile.email));
    expect(await referralOf(account.id)).toMatchObject({ referrerCustomerId: referrer.id, status: "SIGNED_UP" });

    // Without the link, a sign-up is nobody's referral.
    const plain = guest();
    const alone = await plain.api<{ userprofile: { email: string } }>("POST", "/v1/register", registration("Cy"));
    const [other] = await database.db.select().from(customers).where(eq(customers.email, alone.body.userprofile.email));
    expect(await referralOf(other.id)).toBeUndefined();
  });

  it("refuses the referrer's own second account on the same mailbox, and still registers it", async () => {
    const referrerBrowser = guest();
    const own = { ...registration("Ann"), email: "ann.lee@gmail.com" };
    expect((await referrerBrowser.api("POST", "/v1/register", own)).status).toBe(201);
    const [referrer] = await database.db.select().from(customers).where(eq(customers.email, "ann.lee@gmail.com"));
    const code = await codeOf(referrer.id);
    const twin = guest();
    await twin.api("POST", "/v1/user/raf/stat/open", { code });
    expect((await twin.api("POST", "/v1/register", { ...registration("Ann"), email: "annlee+2@gmail.com" })).status).toBe(201);
    const [second] = await database.db.select().from(customers).where(eq(customers.email, "annlee+2@gmail.com"));
    expect(await referralOf(second.id)).toBeUndefined();
  });
});

describe("POST /v1/user/raf/assign (legacy)", () => {
  it("refers a new customer by code, once; refuses existing customers and unknown codes", async () => {
    const { customer: referrer } = await signedIn();
    const code = await codeOf(referrer.id);
    const { browser, customer } = await signedIn({ newAccount: true });
    expect((await browser.api("POST", "/v1/user/raf/assign", { code })).body).toEqual({ status: "SIGNED_UP" });
    expect(await referralOf(customer.id)).toMatchObject({ referrerCustomerId: referrer.id });
    expect((await browser.api("POST", "/v1/user/raf/assign", { code })).body).toMatchObject({ error: { code: "ALREADY_REFERRED" } });

    const { browser: old } = await signedIn();
    const refused = await old.api("POST", "/v1/user/raf/assign", { code });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "EXISTING_CUSTOMER", message: "Existing customers cannot be referred, but you can refer your friends." } } });
    expect((await old.api("POST", "/v1/user/raf/assign", { code: "ZZZZZZZZZZ" })).status).toBe(404);
    expect((await old.api("POST", "/v1/user/raf/assign", {})).status).toBe(404);
    expect((await guest().api("POST", "/v1/user/raf/assign", { code })).status).toBe(401);
  });
});

describe("development tools: the reward job at the browser's clock", () => {
  it("settles only the signed-in referrer's friends, 15 days ahead", async () => {
    const qualifying = async () => {
      const referrer = await insertCustomer(database.db);
      const friend = await insertCustomer(database.db);
      const [row] = await database.db
        .insert(referrals)
        .values({ referrerCustomerId: referrer.id, referredCustomerId: friend.id, brand: "wowcher", status: "SIGNED_UP", createdAt: clock.now(), updatedAt: clock.now() })
        .returning();
      await database.db.transaction((tx) =>
        recordReferredFirstOrder(
          tx,
          { customerId: friend.id, orderId: 70_800_000 + row.id, paid: 1900, vouchers: 1, vouchersAvailableAt: clock.now(), deliveryAddress: { addressLine1: "5 Friend Road", postcode: "N1 9GU" }, at: clock.now(), actor: { type: "customer", id: String(friend.id) } },
          async () => [],
        ),
      );
      return referrer;
    };
    const bystander = await qualifying();
    const referrer = await qualifying();
    const browser = guest();
    expect((await browser.api("POST", "/v1/dev/clock", { advanceDays: 15 })).status).toBe(200);
    // The day-long session would have ended: sign in again in the browser's own time.
    await signInAs(browser, database.db, referrer, { now: () => new Date(clock.now().getTime() + 15 * DAY_MS) });
    const run = await browser.api("POST", "/v1/dev/run-job", { name: "referrals.reward" });
    expect(run).toMatchObject({ status: 200, body: { name: "referrals.reward", count: 1 } });
    expect(await walletBalance(database.db, referrer.id, "GBP")).toEqual({ refundable: 0, marketing: 1000 });
    expect(await walletBalance(database.db, bystander.id, "GBP")).toEqual({ refundable: 0, marketing: 0 });
  });
});
