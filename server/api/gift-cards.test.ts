import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { issueGiftCards } from "../../modules/gift-cards/issue-gift-cards";
import { walletBalance } from "../../modules/wallet/wallet";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock(new Date("2026-11-23T12:00:00Z"));
const LIMITED = "Too many unrecognised gift card codes. For your security, please wait a while before trying another.";
let nextOrder = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});
afterAll(() => database.dispose());

async function shopperAt(ip: string) {
  const browser = new TestBrowser(app, { ip });
  await signInAs(browser, database.db, await insertCustomer(database.db), clock);
  return browser;
}

async function giftCardCode(amount = 2500): Promise<string> {
  nextOrder += 1;
  const at = clock.now();
  const [card] = await database.db.transaction((tx) =>
    issueGiftCards(tx, {
      orderId: nextOrder,
      buyerCustomerId: 1,
      buyerEmail: "buyer@example.com",
      senderName: "Ada",
      brand: "wowcher",
      currency: "GBP",
      at,
      actor: { type: "customer", id: "1" },
      linkOrigin: "https://www.wowcher.co.uk",
      clock: fixedClock(at),
      lines: [{ orderLineId: nextOrder, amount, recipientName: null, recipientEmail: null, message: null }],
    }),
  );
  return card.code;
}

const redeem = (browser: TestBrowser, code: string, path = "/v1/giftcard/redeem") => browser.api("POST", path, { code });

describe("POST /v1/giftcard/redeem", () => {
  it("credits the signed-in shopper's wallet with the spec's message; the legacy address does the same", async () => {
    const customer = await insertCustomer(database.db);
    const browser = new TestBrowser(app, { ip: "198.51.100.1" });
    await signInAs(browser, database.db, customer, clock);
    expect(await redeem(browser, await giftCardCode())).toMatchObject({
      status: 200,
      body: { message: "Gift card code has been successfully redeemed!", amount: 2500, currency: "GBP" },
    });
    expect(await redeem(browser, await giftCardCode(1000), "/v1/gift-card/redeem")).toMatchObject({ status: 200, body: { amount: 1000 } });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: clock.now() })).toEqual({ refundable: 3500, marketing: 0 });
  });

  it("answers used and unknown codes alike, and needs a signed-in shopper and the CSRF token", async () => {
    const browser = await shopperAt("198.51.100.2");
    const code = await giftCardCode();
    expect((await redeem(browser, code)).status).toBe(200);
    for (const typed of [code, "not-a-code"]) {
      expect(await redeem(browser, typed)).toMatchObject({ status: 404, body: { error: { code: "GIFT_CARD_NOT_RECOGNIZED", message: "Gift code not recognized. Please try again." } } });
    }
    const guest = new TestBrowser(app, { ip: "198.51.100.3" });
    expect((await redeem(guest, await giftCardCode())).status).toBe(401);
    const noToken = await browser.request("/v1/giftcard/redeem", { method: "POST", json: { code: await giftCardCode() }, csrf: false });
    expect(noToken.status).toBe(403);
  });

  it("stops a customer after ten unrecognised codes, on every device, until the hour has passed", async () => {
    const browser = await shopperAt("198.51.100.10");
    const code = await giftCardCode();
    for (let i = 0; i < 10; i++) expect((await redeem(browser, `Guess${i}abcdefghijk`)).status).toBe(404);
    const limited = await redeem(browser, code);
    expect(limited).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED", message: LIMITED } } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same customer from another address is still the same customer.
    const otherDevice = new TestBrowser(app, { ip: "198.51.100.11" });
    otherDevice.cookies.set("session", browser.cookies.get("session")!);
    otherDevice.refreshCsrf();
    expect((await redeem(otherDevice, code)).status).toBe(429);

    clock.advance(3600_000);
    expect((await redeem(browser, code)).status).toBe(200);
  });

  it("stops an address after twenty unrecognised codes, whichever customers tried them", async () => {
    for (const misses of [7, 7, 6]) {
      const browser = await shopperAt("198.51.100.20");
      for (let i = 0; i < misses; i++) expect((await redeem(browser, `Nope${i}`)).status).toBe(404);
    }
    const next = await shopperAt("198.51.100.20");
    expect((await redeem(next, await giftCardCode())).status).toBe(429);
    expect((await redeem(await shopperAt("198.51.100.21"), await giftCardCode())).status).toBe(200);
  });
});
