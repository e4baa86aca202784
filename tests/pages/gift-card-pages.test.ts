/**
 * The gift card pages as a browser without JavaScript uses them: plain forms with the CSRF field,
 * problems listed at the top, and a printable card for its buyer only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fixedClock } from "../../lib/clock";
import { basketLines, baskets } from "../../modules/basket/schema";
import { issueGiftCards } from "../../modules/gift-cards/issue-gift-cards";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { ManualClock } from "../support/manual-clock";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
import { openShopPages, type PageApp, pageHtml as html } from "../support/page-app";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-23T12:00:00Z");
let ip = 0;

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock));
}, 120_000);

afterAll(() => close?.());

function visitor() {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}` });
}

async function signedIn() {
  const browser = visitor();
  const customer = await insertCustomer(database.db);
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

async function printedCard(buyerCustomerId: number) {
  const at = clock.now();
  const [card] = await database.db.transaction((tx) =>
    issueGiftCards(tx, {
      orderId: 1,
      buyerCustomerId,
      buyerEmail: "buyer@example.com",
      senderName: "Ada",
      brand: "wowcher",
      currency: "GBP",
      at,
      actor: { type: "customer", id: String(buyerCustomerId) },
      linkOrigin: "https://www.wowcher.co.uk",
      clock: fixedClock(at),
      lines: [{ orderLineId: 1, amount: 2500, recipientName: "Gran", recipientEmail: null, message: null }],
    }),
  );
  return card;
}

describe("the gift card page", () => {
  it("offers the amounts in pounds with nothing chosen, lists every problem, then puts the card in the basket", async () => {
    const browser = visitor();
    const page = await html(await browser.request("/giftcard"));
    for (const text of ["Buy a Wowcher gift card", "£10.00", "£25.00", "£50.00", "£100.00", "(£5.00 to £500.00)", "I&#x27;ll print it myself", "250 characters remaining"]) {
      expect(page).toContain(text);
    }
    expect(page).not.toMatch(/ checked=""/);

    const empty = await browser.request("/giftcard", { method: "POST", form: {} });
    expect(empty.status).toBe(400);
    const problems = await html(empty);
    expect(problems).toContain("There is a problem");
    expect(problems).toContain("Please choose an amount between £5.00 and £500.00");
    expect(problems).toContain("Please choose how the gift card is sent");

    const added = await browser.request("/giftcard", {
      method: "POST",
      form: { amount: "custom", customAmount: "30", delivery: "email", recipientName: "Bob", recipientEmail: "Bob@Example.com", message: "Enjoy" },
    });
    expect(added.status).toBe(302);
    const token = added.headers.get("location")!.replace("/checkout/", "");
    const [basket] = await database.db.select().from(baskets).where(eq(baskets.token, token));
    const [line] = await database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    expect(line).toMatchObject({ kind: "gift_card", reservedPrice: 3000, quantity: 1, gifting: { type: "E_GIFT", recipientName: "Bob", recipientEmail: "bob@example.com", message: "Enjoy" } });
  });
});

describe("the redeem page", () => {
  it("asks a guest to sign in first", async () => {
    const answer = await visitor().request("/giftcard/redeem");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login");
  });

  it("says when a code is not recognised, and redeems the right one into the wallet", async () => {
    const { browser } = await signedIn();
    const card = await printedCard(1);
    const page = await html(await browser.request("/giftcard/redeem"));
    expect(page).toContain("capital and small letters matter");
    const wrong = await browser.request("/giftcard/redeem", { method: "POST", form: { code: card.code.toLowerCase() } });
    expect(wrong.status).toBe(404);
    expect(await html(wrong)).toContain("Gift code not recognized. Please try again.");
    const right = await browser.request("/giftcard/redeem", { method: "POST", form: { code: card.code } });
    expect(right.status).toBe(200);
    const done = await html(right);
    expect(done).toContain("Gift card code has been successfully redeemed!");
    expect(done).toContain("£25.00</span> has been added to your wallet");
  });
});

describe("the printable gift card", () => {
  it("is a PDF for its buyer and does not exist for anyone else", async () => {
    const buyer = await signedIn();
    const card = await printedCard(buyer.customer.id);
    const pdf = await buyer.browser.request(`/giftcard/print/${card.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const stranger = await signedIn();
    expect((await stranger.browser.request(`/giftcard/print/${card.id}`)).status).toBe(404);
    expect((await stranger.browser.request("/giftcard/print/nope")).status).toBe(404);
  });
});
