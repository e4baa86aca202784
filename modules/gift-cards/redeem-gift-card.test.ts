import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { statusHistory } from "../states/transition";
import { walletEntries } from "../wallet/schema";
import { walletBalance } from "../wallet/wallet";
import { expireGiftCards } from "./expire-gift-cards";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { issueGiftCards } from "./issue-gift-cards";
import { redeemGiftCard } from "./redeem-gift-card";
import { giftCards } from "./schema";

let database: TestDatabase;
const boughtAt = new Date("2026-11-23T12:00:00Z");
const later = new Date("2027-01-10T09:00:00Z");
const NOT_RECOGNIZED = "Gift code not recognized. Please try again.";
let nextOrder = 500;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** A card as an order issues it (its own transaction here). */
async function issueCard(options: { amount?: number; currency?: "GBP" | "EUR" } = {}) {
  nextOrder += 1;
  const [card] = await database.db.transaction((tx) =>
    issueGiftCards(tx, {
      orderId: nextOrder,
      buyerCustomerId: 1,
      buyerEmail: "buyer@example.com",
      senderName: "Ada",
      brand: options.currency === "EUR" ? "wowcherie" : "wowcher",
      currency: options.currency ?? "GBP",
      at: boughtAt,
      actor: { type: "customer", id: "1" },
      linkOrigin: "https://www.wowcher.co.uk",
      clock: fixedClock(boughtAt),
      lines: [{ orderLineId: nextOrder, amount: options.amount ?? 2500, recipientName: "Bob", recipientEmail: "bob@example.com", message: null }],
    }),
  );
  return card;
}

async function redeemer() {
  const customer = await insertCustomer(database.db);
  const redeem = (code: string, at = later, currency: "GBP" | "EUR" = "GBP") =>
    redeemGiftCard(database.db, { customerId: customer.id, currency, code, at, actor: { type: "customer", id: String(customer.id) } });
  return { customer, redeem };
}

const statusOf = async (id: number) => (await database.db.select().from(giftCards).where(eq(giftCards.id, id)))[0];

describe("redeeming a gift card", () => {
  it("credits the wallet with the card's amount as refundable credit, once", async () => {
    const card = await issueCard();
    const { customer, redeem } = await redeemer();
    expect(await redeem(card.code)).toEqual({ giftCardId: card.id, amount: 2500, currency: "GBP" });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: later })).toEqual({ refundable: 2500, marketing: 0 });
    const [entry] = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(entry).toMatchObject({ reason: "gift_card", giftCardId: card.id, balanceType: "refundable", amount: 2500, expiresAt: new Date("2028-01-10T09:00:00Z") });
    expect(await statusOf(card.id)).toMatchObject({ status: "REDEEMED", redeemedByCustomerId: customer.id, redeemedAt: later });
    expect((await statusHistory(database.db, GIFT_CARD_PROCESS, card.id)).map((event) => [event.fromStatus, event.toStatus, event.actorId])).toEqual([
      [null, "ISSUED", "1"],
      ["ISSUED", "REDEEMED", String(customer.id)],
    ]);

    // A used code looks exactly like an unknown one, to its redeemer and to anyone else.
    await expect(redeem(card.code)).rejects.toMatchObject({ status: 404, message: NOT_RECOGNIZED });
    await expect((await redeemer()).redeem(card.code)).rejects.toMatchObject({ message: NOT_RECOGNIZED });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: later })).toEqual({ refundable: 2500, marketing: 0 });
  });

  it("needs the code exactly: another case, or an unknown code, is not recognized", async () => {
    const card = await issueCard();
    const { redeem } = await redeemer();
    const otherCase = card.code === card.code.toUpperCase() ? card.code.toLowerCase() : card.code.toUpperCase();
    for (const typed of [otherCase, "NoSuchCode234567", "", " ".repeat(3)]) await expect(redeem(typed)).rejects.toMatchObject({ message: NOT_RECOGNIZED });
    // Spaces around a pasted code are not part of it.
    expect(await redeem(`  ${card.code} `)).toMatchObject({ amount: 2500 });
  });

  it("refuses a card in another currency than the site's, and leaves it to be redeemed there", async () => {
    const card = await issueCard({ currency: "EUR", amount: 4000 });
    const { customer, redeem } = await redeemer();
    await expect(redeem(card.code)).rejects.toMatchObject({ status: 409, message: "This gift card is in euro: please redeem it on our Irish website." });
    expect(await statusOf(card.id)).toMatchObject({ status: "ISSUED" });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: later })).toEqual({ refundable: 0, marketing: 0 });
    const irish = await redeemer();
    expect(await irish.redeem(card.code, later, "EUR")).toMatchObject({ amount: 4000, currency: "EUR" });
  });
});

describe("gift card expiry", () => {
  const expiry = new Date("2027-05-23T12:00:00Z");

  it("refuses a card from 6 months after purchase, even before the expiry job has run", async () => {
    const card = await issueCard();
    const { customer, redeem } = await redeemer();
    await expect(redeem(card.code, expiry)).rejects.toMatchObject({ status: 410, message: "This gift card expired on 23 May 2027 and can no longer be redeemed." });
    expect(await statusOf(card.id)).toMatchObject({ status: "ISSUED" });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: expiry })).toEqual({ refundable: 0, marketing: 0 });
    expect(await redeem(card.code, new Date(expiry.getTime() - 1))).toMatchObject({ amount: 2500 });
  });

  it("moves unredeemed cards past their expiry to Expired, once, and leaves the others alone", async () => {
    const due = await issueCard();
    const redeemed = await issueCard();
    await (await redeemer()).redeem(redeemed.code);
    expect(await expireGiftCards(database.db, new Date(expiry.getTime() - 1))).toBe(0);
    // Every unredeemed card issued by this file is due now.
    expect(await expireGiftCards(database.db, expiry, 1)).toBeGreaterThanOrEqual(1);
    expect(await expireGiftCards(database.db, expiry)).toBe(0);
    expect(await statusOf(due.id)).toMatchObject({ status: "EXPIRED" });
    expect(await statusOf(redeemed.id)).toMatchObject({ status: "REDEEMED" });
    const history = await statusHistory(database.db, GIFT_CARD_PROCESS, due.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "ISSUED", toStatus: "EXPIRED", actorType: "system", actorId: "gift-card-expiry" });
    await expect((await redeemer()).redeem(due.code, later)).rejects.toMatchObject({ status: 410 });
    const open = await database.db.select().from(giftCards).where(eq(giftCards.status, "ISSUED"));
    expect(open).toEqual([]);
  });
});
