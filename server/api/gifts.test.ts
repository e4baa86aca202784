import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftClaims } from "../../modules/gifts/schema";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import type { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyEGift } from "../../tests/support/gift-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, openShopApi, TestBrowser } from "../../tests/support/test-browser";
import type { TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock(new Date("2026-11-21T12:00:00Z"));
let ip = 0;

beforeAll(async () => {
  ({ database, basics, app } = await openShopApi(clock));
});
afterAll(() => database.dispose());

async function signedIn(customer?: Awaited<ReturnType<typeof insertCustomer>>) {
  ip += 1;
  const browser = new TestBrowser(app, { ip: `203.0.113.${ip}` });
  await signInAs(browser, database.db, customer ?? (await insertCustomer(database.db)), clock);
  return browser;
}

async function giftCode() {
  const buyer = await insertCustomer(database.db);
  const bought = await buyEGift(database.db, clock, basics, buyer);
  const [claim] = await database.db.select().from(giftClaims).where(eq(giftClaims.orderId, bought.order.id));
  return { bought, code: claim.code };
}

const NOT_RECOGNIZED = "Gift code not recognized. Please try again.";

describe("the gift API", () => {
  it("looks a gift up and claims it by code in POST bodies; the claimer then has the voucher with its code", async () => {
    const { bought, code } = await giftCode();
    expect((await new TestBrowser(app, { ip: "203.0.113.250" }).api("POST", "/v1/gift/lookup", { code })).status).toBe(401);
    const recipient = await signedIn();

    const found = await recipient.api<{ productName: string; fromName: string; options: { name: string }[] }>("POST", "/v1/gift/lookup", { code });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ productName: "Spa day for one", fromName: "Ada", options: [{ name: "Spa day for one" }, { name: "Express spa" }] });
    expect(JSON.stringify(found.body)).not.toContain(code);

    const claimed = await recipient.api("POST", "/v1/deal/gift-redeem", { code, productId: bought.cheaper.id });
    expect(claimed).toMatchObject({ status: 200, body: { status: "CLAIMED", voucherId: bought.vouchers[0].id, productName: "Express spa", message: "voucher emailed" } });
    const mine = await recipient.api<{ vouchers: { code: string | null; receivedAsGift: boolean }[] }>("GET", "/v1/voucher");
    expect(mine.body.vouchers).toEqual([expect.objectContaining({ code: bought.vouchers[0].code, receivedAsGift: true, gift: null })]);
    expect((await recipient.api("POST", "/v1/gift/claim", { code })).body).toMatchObject({ error: { code: "GIFT_ALREADY_CLAIMED" } });
  });

  it("counts unrecognised codes against the customer and stops answering after 10", async () => {
    const { code } = await giftCode();
    const guesser = await signedIn();
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await guesser.api("POST", "/v1/gift/claim", { code: `Wrong${attempt}Code000000` });
      expect(answer).toMatchObject({ status: 404, body: { error: { code: "GIFT_CODE_NOT_RECOGNIZED", message: NOT_RECOGNIZED } } });
    }
    const limited = await guesser.api("POST", "/v1/gift/lookup", { code });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({ error: { message: "Too many gift codes tried. For your security, please wait a while before trying another." } });
  });

  it("gives a kept voucher with Gift it (legacy /gift/create); its code leaves the buyer's list", async () => {
    const { customer, vouchers } = await buyVouchers(database.db, basics, clock);
    const buyer = await signedIn(customer);
    const invalid = await buyer.api("POST", "/v1/gift/create", { voucherId: vouchers[0].id, recipientName: "Max", recipientEmail: "max" });
    expect(invalid).toMatchObject({ status: 400, body: { error: { message: "Recipient email required to send E-voucher" } } });
    const sent = await buyer.api("POST", "/v1/gift/create", { voucherId: vouchers[0].id, recipientName: "Max", recipientEmail: "Max@Example.com", message: "Enjoy" });
    expect(sent).toMatchObject({ status: 200, body: { status: "SENT", recipientEmail: "max@example.com" } });
    const list = await buyer.api<{ vouchers: { code: string | null; gift: { text: string } | null }[] }>("GET", "/v1/voucher");
    expect(list.body.vouchers.map((voucher) => [voucher.code, voucher.gift?.text])).toEqual([[null, "Gifted"]]);
    const someoneElse = await signedIn();
    expect((await someoneElse.api("POST", "/v1/gift/create", { voucherId: vouchers[0].id, recipientName: "Max", recipientEmail: "max@example.com" })).status).toBe(404);

    // Taken back before it was claimed: the code is the buyer's again; another shopper cannot cancel it.
    expect(await someoneElse.api("POST", "/v1/gift/cancel", { voucherId: vouchers[0].id })).toMatchObject({ status: 409, body: { error: { message: "This voucher has not been given as a gift." } } });
    expect(await buyer.api("POST", "/v1/gift/cancel", { voucherId: vouchers[0].id })).toMatchObject({ status: 200, body: { status: "CANCELLED" } });
    const again = await buyer.api<{ vouchers: { code: string | null; gift: { text: string } | null }[] }>("GET", "/v1/voucher");
    expect(again.body.vouchers.map((voucher) => [voucher.code, voucher.gift?.text])).toEqual([[vouchers[0].code, "Gift it"]]);
  });
});
