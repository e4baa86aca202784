/**
 * Issue 22: every total a shopper is shown (the travel calendar, the checkout's lines and summary,
 * the confirmation page and email) is the amount the payment provider is asked to authorize, for
 * a basket holding every kind of line: a travel stay with an admin fee, postage, an admin fee on a
 * voucher, Deal Protection, a VIP year, gift wrap and a gift pack.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureGiftPresets } from "../../seed/gift-presets";
import { fixedClock } from "../../lib/clock";
import { formatMoney } from "../../lib/money";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertTravelStay, passengerForms } from "../../tests/support/travel-fixtures";
import { addAddon } from "../basket/add-addon";
import { findBasket } from "../basket/baskets";
import { createBasket } from "../basket/create-basket";
import { savePassengers } from "../basket/save-passengers";
import type { LineGifting } from "../basket/schema";
import { updateLine } from "../basket/update-line";
import { outboxMessages } from "../mail/schema";
import { findCustomerOrder } from "../orders/find-orders";
import { placeOrder } from "../orders/place-order";
import { payments } from "../payments/schema";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { dealAvailability, perPerson } from "../travel/availability";
import { calendarProducts } from "../travel/calendar-products";
import { describeCheckout } from "./checkout-data";
import { quoteCheckout } from "./quote-checkout";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
const clock = fixedClock(now);
const checkIn = "2027-03-01";
const checkOut = "2027-03-04";

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await ensureGiftPresets(database.db);
});
afterAll(() => database.dispose());

const gifting = (type: LineGifting["type"]): LineGifting => ({ gift: true, type, giftProductId: null, giftPackProductId: null });

describe("the totals shown and the amount charged", () => {
  it("are the same for a basket with every kind of line, from the calendar to the confirmation email", async () => {
    const db = database.db;
    const { deal: travelDeal, product: stayProduct } = await insertTravelStay(db, basics, { from: "2027-02-25", adminFee: 499 });
    const { product: posted } = await insertSellable(db, basics, { deal: { deliveryType: "delivery", minPostagePrice: 299 }, product: { price: 2500, totalRemaining: 10 } });
    const { product: feeVoucher } = await insertSellable(db, basics, { product: { price: 1900, adminFee: 150, totalRemaining: 10 } });
    const { product: wrapped } = await insertSellable(db, basics, { product: { price: 1000, totalRemaining: 10 } });
    const customer = await insertCustomer(db);
    const shopper = { id: customer.id, email: customer.email, vip: false };
    const actor = actorAt(now, shopper);

    // What the deal page's calendar shows for the stay: its day's price per person and the stay's total.
    const offers = await calendarProducts(db, { dealId: travelDeal.id, countryCode: "GB", now, checkIn, checkOut, quantity: 2 });
    const calendarTotal = offers.products[0].price;
    expect(offers.products[0].adminFee).toBe(499);
    const month = await dealAvailability(db, { dealId: travelDeal.id, countryCode: "GB", now, month: 3, year: 2027, quantity: 2, nights: 3 });
    expect(month.calendarDateViewVOList.find((day) => day.dateString === checkIn)?.minPrice).toBe(perPerson(calendarTotal, 2));

    const created = await createBasket(
      db,
      {
        eligibleForVip: false,
        products: [
          { productId: stayProduct.id, quantity: 1, checkInDate: checkIn, checkOutDate: checkOut, guests: 2 },
          { productId: posted.id, quantity: 1 },
          { productId: feeVoucher.id, quantity: 1 },
          { productId: wrapped.id, quantity: 2 },
        ],
      },
      actor,
    );
    const lineOf = async (productId: number) => {
      const basket = (await findBasket(db, created.token, actor))!;
      return (await quoteCheckout(db, basket, actor)).lines.find((entry) => entry.line.productId === productId)!.line.id;
    };
    expect(await savePassengers(db, created.token, await lineOf(stayProduct.id), passengerForms(2), actor)).toMatchObject({ ok: true });
    await updateLine(db, created.token, await lineOf(wrapped.id), { gifting: gifting("WRAPPED") }, actor);
    await updateLine(db, created.token, await lineOf(posted.id), { gifting: gifting("NEXT_DAY_GIFT_PACK") }, actor);
    await addAddon(db, created.token, { addonType: "DVP" }, actor);
    await addAddon(db, created.token, { addonType: "VVE" }, actor);

    const basket = (await findBasket(db, created.token, actor))!;
    const quote = await quoteCheckout(db, basket, actor);
    expect(quote.problems).toEqual([]);
    const checkout = await describeCheckout(db, quote, {
      customer: null,
      device: { applePay: false, specialBrowser: false },
      enabledMethods: { klarna: false, clearpay: false },
      status: "READY",
      now,
    });
    const lines = checkout.basket.products;
    // Every kind of line is there: the stay, postage, admin fees, both add-ons, the wrap and the pack.
    expect(lines.find((line) => line.dealProductId === stayProduct.id)?.lineTotal).toBe(calendarTotal);
    expect(checkout.orderSummary.postage).toBe(299);
    expect(lines.find((line) => line.dealProductId === feeVoucher.id)?.price).toBe(1900 + 150);
    expect(lines.filter((line) => line.kind === "addon").map((line) => line.addonType).sort()).toEqual(["DVP", "VVE"]);
    const presets = quote.lines.filter((entry) => entry.product?.deal.giftPreset);
    expect(presets.map((entry) => entry.product!.deal.giftPreset).sort()).toEqual(["NEXT_DAY_GIFT_PACK", "WRAPPED"]);
    // The checkout's lines add up to its total, and that is what is to pay.
    expect(lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(checkout.orderSummary.totalOrderAmount);
    expect(checkout.orderSummary.amountToPay).toBe(checkout.orderSummary.totalOrderAmount);

    const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    const placed = await placeOrder(placementServices(db, clock), {
      basketToken: basket.token,
      idempotencyKey: "honest-totals-1",
      customer: shopper,
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!placed.ok) throw placed.error;
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, placed.order.id));
    const [authorized] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    expect(authorized.amount).toBe(checkout.orderSummary.amountToPay);

    // The confirmation page and email say what was authorized.
    const confirmation = await findCustomerOrder(db, customer.id, placed.order.id);
    expect(confirmation?.order.total).toBe(authorized.amount);
    const [email] = await db.select().from(outboxMessages).where(eq(outboxMessages.subject, `Your Wowcher order ${placed.order.id} is confirmed`));
    expect(email.text).toContain(`Paid by Visa: ${formatMoney(authorized.amount, "GBP")}`);
  });
});
