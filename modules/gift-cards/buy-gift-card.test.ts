import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, placementServices, shopper, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { pdfTextLines } from "../../tests/support/pdf-text";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import type { CustomerSummary } from "../accounts/customers";
import { addGiftCard, GIFT_CARDS_PER_BASKET } from "../basket/add-gift-card";
import { basketData } from "../basket/basket-data";
import { createBasket } from "../basket/create-basket";
import { basketLines, baskets } from "../basket/schema";
import { viewBasket } from "../basket/view-basket";
import { quoteCheckout } from "../checkout/quote-checkout";
import { outboxMessages } from "../mail/schema";
import { placeOrder } from "../orders/place-order";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { addWalletCredit, walletBalance } from "../wallet/wallet";
import { orderGiftCards } from "./buyer-gift-cards";
import { checkGiftCardChoice, type GiftCardChoice } from "./gift-card-choice";
import { renderGiftCardPdf } from "./gift-card-pdf";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { giftCards } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-23T12:00:00Z");
const clock = fixedClock(now);
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

const forBob: GiftCardChoice = { amount: 2500, delivery: "email", recipientName: "Bob", recipientEmail: "bob@example.com", message: "Happy birthday!" };
const toPrint: GiftCardChoice = { amount: 5000, delivery: "print", recipientName: "Gran", recipientEmail: null, message: null };

async function basketWith(customer: CustomerSummary, choices: GiftCardChoice[], deal?: { productId: number }) {
  const actor = actorAt(now, shopper(customer));
  const basket = await createBasket(database.db, { eligibleForVip: false, products: deal ? [{ ...deal, quantity: 1 }] : [] }, actor);
  for (const choice of choices) await addGiftCard(database.db, basket.token, choice, actor);
  return { basket, actor };
}

async function payByCard(customer: CustomerSummary, basketToken: string) {
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("tokenize failed");
  nextKey += 1;
  const result = await placeOrder(placementServices(database.db, clock), {
    basketToken,
    idempotencyKey: `gift-card-${nextKey}`,
    customer: { id: customer.id, email: customer.email, vip: false },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!result.ok) throw result.error;
  return result.order;
}

const mailTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);

describe("choosing a gift card", () => {
  it("takes a fixed or custom amount from 5 to 500 in whole units, and a recipient for an emailed card", () => {
    expect(checkGiftCardChoice({ amount: 3700, delivery: "print" }, "EUR")).toMatchObject({ ok: true, choice: { amount: 3700, delivery: "print" } });
    const wrong = checkGiftCardChoice({ amount: 50_100, delivery: "email", recipientName: " ", recipientEmail: "not-an-email", message: "x".repeat(251) }, "GBP");
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(Object.fromEntries(Object.entries(wrong.errors).map(([field, error]) => [field, error.message]))).toEqual({
      amount: "Please choose an amount between £5.00 and £500.00",
      recipientName: "Please enter the recipient's name",
      recipientEmail: "Please enter a valid email address",
      message: "Your gift message is too long",
    });
    expect(checkGiftCardChoice({ amount: 450, delivery: null }, "GBP")).toMatchObject({ ok: false, errors: { amount: expect.anything(), delivery: expect.anything() } });
    expect(checkGiftCardChoice({ amount: 1050, delivery: "print" }, "GBP").ok).toBe(false);
  });
});

describe("buying a gift card", () => {
  it("goes through the basket, the quote and the order, and emails the recipient the code", async () => {
    const buyer = await insertCustomer(database.db);
    const { basket, actor } = await basketWith(buyer, [forBob]);

    const view = basketData(await viewBasket(database.db, basket, actor), null);
    expect(view.products).toMatchObject([{ kind: "gift_card", title: "£25.00 gift card", price: 2500, lineTotal: 2500, quantity: 1, problem: null }]);
    const quote = await quoteCheckout(database.db, basket, actor);
    expect(quote).toMatchObject({ total: 2500, payable: 2500, problems: [] });

    const order = await payByCard(buyer, basket.token);
    expect(order).toMatchObject({ total: 2500, quantity: 1 });
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(card).toMatchObject({ amount: 2500, currency: "GBP", status: "ISSUED", buyerCustomerId: buyer.id, recipientEmail: "bob@example.com", message: "Happy birthday!" });
    expect(card.code).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);
    expect(card.expiresAt).toEqual(new Date("2027-05-23T12:00:00Z"));
    expect((await statusHistory(database.db, GIFT_CARD_PROCESS, card.id)).map((event) => event.toStatus)).toEqual(["ISSUED"]);

    const [email] = await mailTo("bob@example.com");
    expect(email.subject).toBe("Ada has sent you a £25.00 Wowcher gift card");
    for (const text of [card.code, "£25.00", '"Happy birthday!"', "https://www.wowcher.co.uk/giftcard/redeem", "23 May 2027"]) expect(email.text).toContain(text);
    // The buyer's confirmation lists the card but never its code; nor does their order page.
    const [confirmation] = await mailTo(buyer.email);
    expect(confirmation.text).toContain("£25.00 gift card");
    expect(confirmation.text).not.toContain(card.code);
    expect(await orderGiftCards(database.db, buyer.id, order.id)).toMatchObject([{ amount: 2500, recipientName: "Bob", code: null }]);
    const stranger = await insertCustomer(database.db);
    expect(await orderGiftCards(database.db, stranger.id, order.id)).toEqual([]);
  });

  it("lets the buyer print a card: the link is emailed to them and the PDF carries the code", async () => {
    const buyer = await insertCustomer(database.db);
    const { basket } = await basketWith(buyer, [toPrint]);
    const order = await payByCard(buyer, basket.token);
    const [bought] = await orderGiftCards(database.db, buyer.id, order.id);
    expect(bought).toMatchObject({ amount: 5000, recipientEmail: null, code: expect.stringMatching(/^\S{16}$/) });
    const mails = await mailTo(buyer.email);
    const printMail = mails.find((mail) => mail.subject === "Your £50.00 gift card is ready to print");
    expect(printMail?.text).toContain(`https://www.wowcher.co.uk/giftcard/print/${bought.id}`);

    const pdf = await renderGiftCardPdf(
      { brandName: "Wowcher", amount: 5000, currency: "GBP", code: bought.code!, recipientName: "Gran", senderName: "Ada", message: null, expiresAt: bought.expiresAt, redeemUrl: "https://www.wowcher.co.uk/giftcard/redeem" },
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfTextLines(pdf.toString("latin1"))).toEqual(expect.arrayContaining(["£50.00", "For Gran", "From Ada", bought.code]));
  });

  it("is never paid with wallet credit: credit pays the deal, the card pays the gift card", async () => {
    const buyer = await insertCustomer(database.db);
    for (const balanceType of ["refundable", "marketing"] as const) {
      await addWalletCredit(database.db, { customerId: buyer.id, currency: "GBP", balanceType, amount: 10_000, reason: "credit", description: "Goodwill", at: now });
    }
    const { product } = await insertSellable(database.db, basics, { product: { price: 2000 } });
    const { basket, actor } = await basketWith(buyer, [forBob], { productId: product.id });
    await database.db.update(baskets).set({ useWallet: true }).where(eq(baskets.id, basket.id));
    const [fresh] = await database.db.select().from(baskets).where(eq(baskets.id, basket.id));

    const quote = await quoteCheckout(database.db, fresh, actor);
    // Marketing credit: 10% of the deal (2.00); refundable credit: the rest of the deal; the gift card: by card.
    expect(quote).toMatchObject({ total: 4500, walletUsed: { marketing: 200, refundable: 1800 }, payable: 2500 });
    const order = await payByCard(buyer, basket.token);
    expect(order).toMatchObject({ total: 2500, walletAmountUsed: 2000 });
    expect(await walletBalance(database.db, buyer.id, "GBP", { now })).toEqual({ refundable: 8200, marketing: 9800 });
    // The voucher cost exactly what credit paid, so a refund gives credit back as credit.
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(voucher).toMatchObject({ paidCard: 0, paidRefundableCredit: 1800, paidMarketingCredit: 200 });
  });

  it("refuses a gift card line whose amount was changed to one a card cannot have, and more than ten cards", async () => {
    const buyer = await insertCustomer(database.db);
    const { basket, actor } = await basketWith(buyer, [forBob]);
    await database.db.update(basketLines).set({ reservedPrice: 1 }).where(eq(basketLines.basketId, basket.id));
    const quote = await quoteCheckout(database.db, basket, actor);
    expect(quote.problems.map((problem) => problem.message)).toEqual(["Oops! This item is no longer available."]);

    const full = await basketWith(buyer, Array(GIFT_CARDS_PER_BASKET).fill(toPrint));
    await expect(addGiftCard(database.db, full.basket.token, toPrint, full.actor)).rejects.toMatchObject({ code: "BASKET_MAX_QUANTITY_REACHED" });
  });
});
