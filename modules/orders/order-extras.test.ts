import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, buyingDatabaseForTests, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { toSummary } from "../accounts/customers";
import { customers } from "../accounts/schema";
import { findActiveSession, startSession } from "../accounts/sessions";
import { addAddon } from "../basket/add-addon";
import { createBasket } from "../basket/create-basket";
import { removeLine } from "../basket/remove-line";
import { basketLines } from "../basket/schema";
import { updateLine } from "../basket/update-line";
import { outboxMessages } from "../mail/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { placeOrder } from "./place-order";
import { orderLines } from "./schema";

const now = new Date("2026-11-21T12:00:00Z");
const clock = fixedClock(now);
const suite = buyingDatabaseForTests(clock);
const details = TEST_DETAILS;
let nextKey = 0;

/** A customer's basket with one £19.00 voucher and the given add-ons, paid by card. */
async function buy(customer: { id: number; email: string; vip: boolean }, addons: ("VVE" | "DVP")[], gift?: Parameters<typeof updateLine>[3]) {
  const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10, price: 1900 } });
  const actor = actorAt(now, customer);
  const basket = await createBasket(suite.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actor);
  for (const addonType of addons) await addAddon(suite.database.db, basket.token, { addonType }, actor);
  if (gift) {
    const [line] = await suite.database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    await updateLine(suite.database.db, basket.token, line.id, gift, actor);
  }
  const card = await tokenizeCard(suite.database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  const result = await placeOrder(suite.services, {
    basketToken: basket.token,
    idempotencyKey: `extras-${nextKey}`,
    customer,
    details,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!result.ok) throw result.error;
  return result.order;
}

async function vipOf(customerId: number) {
  const [row] = await suite.database.db.select().from(customers).where(eq(customers.id, customerId));
  return { vipUser: row.vipUser, vipExpiresAt: row.vipExpiresAt, summary: toSummary(row, now) };
}

describe("the VIP one-year add-on (VVE)", () => {
  it("charges 4.99 with the order and makes the customer VIP until the same day next year", async () => {
    const customer = await insertCustomer(suite.database.db);
    const order = await buy({ id: customer.id, email: customer.email, vip: false }, ["VVE"]);
    expect(order.total).toBe(1900 + 499);
    const lines = await suite.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => line.title)).toContain("VIP Membership (1 year)");
    const vip = await vipOf(customer.id);
    expect(vip.vipUser).toBe(true);
    expect(vip.vipExpiresAt).toEqual(new Date("2027-11-21T12:00:00Z"));
    expect(vip.summary.vipUser).toBe(true);
  });

  it("extends a running VIP year by another year from its end", async () => {
    const customer = await insertCustomer(suite.database.db);
    await suite.database.db
      .update(customers)
      .set({ vipUser: true, vipExpiresAt: new Date("2027-02-01T00:00:00Z") })
      .where(eq(customers.id, customer.id));
    await buy({ id: customer.id, email: customer.email, vip: true }, ["VVE"]);
    expect((await vipOf(customer.id)).vipExpiresAt).toEqual(new Date("2028-02-01T00:00:00Z"));
  });

  it("starts a fresh year for a former VIP whose year ran out, who meanwhile paid normal prices", async () => {
    const customer = await insertCustomer(suite.database.db);
    await suite.database.db
      .update(customers)
      .set({ vipUser: true, vipExpiresAt: new Date("2026-10-01T00:00:00Z") })
      .where(eq(customers.id, customer.id));
    const session = await startSession(suite.database.db, clock, { customerId: customer.id, brand: "wowcher", rememberMe: false });
    expect((await findActiveSession(suite.database.db, clock, session.token, "wowcher"))?.customer.vipUser).toBe(false);

    await buy({ id: customer.id, email: customer.email, vip: false }, ["VVE"]);
    expect((await vipOf(customer.id)).vipExpiresAt).toEqual(new Date("2027-11-21T12:00:00Z"));
    expect((await findActiveSession(suite.database.db, clock, session.token, "wowcher"))?.customer.vipUser).toBe(true);
  });

  it("does not touch VIP when the order has no VIP add-on", async () => {
    const customer = await insertCustomer(suite.database.db);
    await buy({ id: customer.id, email: customer.email, vip: false }, ["DVP"]);
    expect(await vipOf(customer.id)).toMatchObject({ vipUser: false, vipExpiresAt: null });
  });
});

describe("deal protection (DVP)", () => {
  it("adds 1.99 once per order, however often it is added, and is named on the order", async () => {
    const customer = await insertCustomer(suite.database.db);
    const order = await buy({ id: customer.id, email: customer.email, vip: false }, ["DVP", "DVP"]);
    expect(order.total).toBe(1900 + 199);
    const lines = await suite.database.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, "addon")));
    expect(lines).toMatchObject([{ addonType: "DVP", title: "Deal Protection", lineTotal: 199 }]);
    const [mail] = await suite.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id);
    expect(mail.text).toContain("1 × Deal Protection: £1.99");
  });

  it("cannot be bought once the basket has no deal left to protect", async () => {
    const customer = await insertCustomer(suite.database.db);
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10, price: 1900 } });
    const actor = actorAt(now, { id: customer.id, vip: false });
    const basket = await createBasket(suite.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actor);
    await addAddon(suite.database.db, basket.token, { addonType: "DVP" }, actor);
    const [dealLine] = await suite.database.db
      .select()
      .from(basketLines)
      .where(and(eq(basketLines.basketId, basket.id), eq(basketLines.kind, "deal")));
    await removeLine(suite.database.db, basket.token, dealLine.id, actor);
    const result = await placeOrder(suite.services, {
      basketToken: basket.token,
      idempotencyKey: "extras-dvp-alone",
      customer: { id: customer.id, email: customer.email, vip: false },
      details,
      payment: { method: "card", instrument: "NEW", nonce: "unused" },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toBe("Oops! This item is no longer available.");
    expect(await suite.database.db.$count(orderLines, eq(orderLines.customerId, customer.id))).toBe(0);
  });

  it("adds up with the VIP add-on", async () => {
    const customer = await insertCustomer(suite.database.db);
    const order = await buy({ id: customer.id, email: customer.email, vip: false }, ["VVE", "DVP"]);
    expect(order.total).toBe(1900 + 499 + 199);
  });
});

describe("an E-gift in the order", () => {
  it("keeps the gift on the order line and emails the recipient a gift code and the message, not the voucher code", async () => {
    const customer = await insertCustomer(suite.database.db);
    const order = await buy({ id: customer.id, email: customer.email, vip: false }, [], {
      gifting: {
        gift: true,
        type: "E_GIFT",
        giftProductId: null,
        giftPackProductId: null,
        recipientName: "Grace",
        recipientEmail: "Grace@Example.com",
        message: "Happy birthday!",
      },
    });
    const [line] = await suite.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line.gifting).toMatchObject({ type: "E_GIFT", recipientName: "Grace", recipientEmail: "grace@example.com", message: "Happy birthday!" });
    const [voucher] = await suite.database.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
    const [mail] = await suite.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "grace@example.com")).orderBy(outboxMessages.id);
    expect(mail.subject).toBe("Ada has sent you a gift from Wowcher");
    expect(mail.text).not.toContain(voucher.code);
    expect(mail.text).toContain("https://www.wowcher.co.uk/mygift");
    expect(mail.text).toContain('"Happy birthday!"');
    expect(mail.text).toContain("Hi Grace,");
  });
});
