import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, placementServices, shopper, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import type { CustomerSummary } from "../accounts/customers";
import { customers } from "../accounts/schema";
import { addProduct } from "../basket/add-product";
import { createBasket } from "../basket/create-basket";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { placeOrder } from "./place-order";
import { orderLines, orders } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

/** A VIP member whose paid year ends at `until`. */
async function vipMember(until: Date): Promise<CustomerSummary> {
  const customer = await insertCustomer(database.db, { vip: true });
  await database.db.update(customers).set({ vipUser: true, vipExpiresAt: until }).where(eq(customers.id, customer.id));
  return customer;
}

/** Places the basket's order at `at`, as a request that still believes the shopper is `vip`. */
async function order(customer: CustomerSummary, basketToken: string, at: Date, vip: boolean) {
  const clock = fixedClock(at);
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  return placeOrder(placementServices(database.db, clock), {
    basketToken,
    idempotencyKey: `vip-order-${nextKey}`,
    customer: { id: customer.id, email: customer.email, vip },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
}

describe("VIP-only products at the basket and at order time", () => {
  it("refuses a VIP-exclusive product to a non-member when adding, and sells it to a member", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { vipExclusive: true } });
    const member = await vipMember(new Date("2027-06-01T00:00:00Z"));
    const outsider = await insertCustomer(database.db);

    const refused = await createBasket(database.db, { eligibleForVip: false, products: [] }, actorAt(now, shopper(outsider)));
    await expect(addProduct(database.db, refused.token, { productId: product.id, quantity: 1 }, actorAt(now, shopper(outsider)))).rejects.toMatchObject({
      code: "BASKET_VIP_ONLY",
      message: "Oops! This item is for VIP members only. Join VIP to buy it.",
    });

    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(member)));
    const placed = await order(member, basket.token, now, true);
    expect(placed.ok).toBe(true);
  });

  it("refuses the order when the membership lapsed between filling the basket and paying", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { vipExclusive: true } });
    const lapse = new Date("2026-11-21T12:30:00Z");
    const member = await vipMember(lapse);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(member)));

    // The request began while they were still a member (its session said VIP); the order is written after the year ended.
    const placed = await order(member, basket.token, new Date("2026-11-21T13:00:00Z"), true);
    expect(placed.ok).toBe(false);
    if (!placed.ok) expect(placed.error.code).toBe("BASKET_VIP_ONLY");
    expect(await database.db.select().from(orders).where(eq(orders.customerId, member.id))).toEqual([]);
  });

  it("refuses the order when the membership was ended (a refund) while the request ran", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { vipExclusive: true } });
    const member = await vipMember(new Date("2027-06-01T00:00:00Z"));
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(member)));
    await database.db.update(customers).set({ vipUser: false, vipExpiresAt: null }).where(eq(customers.id, member.id));

    const placed = await order(member, basket.token, now, true);
    expect(placed.ok).toBe(false);
    if (!placed.ok) expect(placed.error.code).toBe("BASKET_VIP_ONLY");
  });

  it("keeps a deal in VIP early access for members until the early access ends, then sells it to everyone", async () => {
    const until = new Date("2026-11-23T12:00:00Z");
    const { product } = await insertSellable(database.db, basics, { deal: { vipEarlyAccessUntil: until } });
    const member = await vipMember(new Date("2027-06-01T00:00:00Z"));
    const outsider = await insertCustomer(database.db);

    const early = await createBasket(database.db, { eligibleForVip: false, products: [] }, actorAt(now, shopper(outsider)));
    await expect(addProduct(database.db, early.token, { productId: product.id, quantity: 1 }, actorAt(now, shopper(outsider)))).rejects.toMatchObject({ code: "BASKET_VIP_ONLY" });
    const memberBasket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(member)));
    expect((await order(member, memberBasket.token, now, true)).ok).toBe(true);

    const later = new Date("2026-11-23T12:00:01Z");
    const afterwards = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(later, shopper(outsider)));
    expect((await order(outsider, afterwards.token, later, false)).ok).toBe(true);
  });

  it("refuses an early-access deal at order time to a shopper whose membership ended before the early access did", async () => {
    const { product } = await insertSellable(database.db, basics, { deal: { vipEarlyAccessUntil: new Date("2026-11-25T00:00:00Z") } });
    const member = await vipMember(new Date("2026-11-21T12:10:00Z"));
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(member)));
    const placed = await order(member, basket.token, new Date("2026-11-21T12:20:00Z"), true);
    expect(placed.ok).toBe(false);
    if (!placed.ok) expect(placed.error.code).toBe("BASKET_VIP_ONLY");
  });
});

describe("what VIP pricing saved (order_lines.vip_saving)", () => {
  it("records the price less the VIP price, times the quantity, when the VIP price applied", async () => {
    const { product } = await insertSellable(database.db, basics, {
      deal: { vipDiscountAllowed: true, vipPrice: 1500 },
      product: { price: 1900, vipPrice: 1500, totalRemaining: 10 },
    });
    const member = await vipMember(new Date("2027-06-01T00:00:00Z"));
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(now, shopper(member)));
    const placed = await order(member, basket.token, now, true);
    if (!placed.ok) throw placed.error;
    expect(placed.order.total).toBe(3000);
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(line).toMatchObject({ unitPrice: 1500, quantity: 2, vipSaving: 800 });
  });

  it("records nothing for a shopper who paid the normal price", async () => {
    const { product } = await insertSellable(database.db, basics, {
      deal: { vipDiscountAllowed: true, vipPrice: 1500 },
      product: { price: 1900, vipPrice: 1500, totalRemaining: 10 },
    });
    const outsider = await insertCustomer(database.db);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, shopper(outsider)));
    const placed = await order(outsider, basket.token, now, false);
    if (!placed.ok) throw placed.error;
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(line).toMatchObject({ unitPrice: 1900, vipSaving: 0 });
  });
});
