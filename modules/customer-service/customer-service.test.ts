/**
 * Customer service (issue 26): one search box finds a shopper by whatever they give; their page
 * shows what they hold, and opening it or adding a note is audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { customers } from "../accounts/schema";
import { auditEvents } from "../audit/schema";
import { createBasket } from "../basket/create-basket";
import { giftCards } from "../gift-cards/schema";
import { outboxMessages } from "../mail/schema";
import { placeOrder } from "../orders/place-order";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { addShopperNote } from "./add-shopper-note";
import { findShoppers } from "./find-shoppers";
import { viewShopper } from "./view-shopper";

const clock = new ManualClock("2026-11-23T11:00:00Z");
const agent = { staffUserId: 7, name: "Cass Service", role: "customer_service" as const, ip: "203.0.113.5", requestId: "req-1" };
let database: TestDatabase;
let buyer: { id: number; email: string };
let other: { id: number; email: string };
let orderId = 0;
let voucherCode = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  buyer = await insertCustomer(db);
  other = await insertCustomer(db);
  await db.update(customers).set({ firstName: "Grace", lastName: "Hopper", postcode: "EH1 1YZ" }).where(eq(customers.id, buyer.id));
  await db.update(customers).set({ firstName: "Alan", lastName: "Turing" }).where(eq(customers.id, other.id));
  const { product } = await insertSellable(db, basics, { product: { totalRemaining: 20 } });
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(clock.now(), { id: buyer.id, vip: false }));
  const card = await tokenizeCard(db, clock, { number: "5555555555554444", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  const placed = await placeOrder(placementServices(db, clock), {
    basketToken: basket.token,
    idempotencyKey: "customer-service-order",
    customer: { id: buyer.id, email: buyer.email, vip: false },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!placed.ok) throw placed.error;
  orderId = placed.order.id;
  [{ code: voucherCode }] = await db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.orderId, orderId));
  await db.insert(giftCards).values({
    code: "GiftCard-Abc123",
    currency: "GBP",
    amount: 2500,
    orderId,
    orderLineId: 1,
    buyerCustomerId: other.id,
    expiresAt: new Date("2027-11-23T11:00:00Z"),
    createdAt: clock.now(),
  });
}, 120_000);
afterAll(() => database.dispose());

const foundIds = async (words: string) => (await findShoppers(database.db, words)).map((shopper) => [shopper.id, shopper.matchedBy]);

describe("finding a shopper", () => {
  it("by the start of an email, a name (any part, any case) or a postcode on the account or an order", async () => {
    expect(await foundIds(buyer.email.slice(0, 12))).toContainEqual([buyer.id, ["email"]]);
    expect(await foundIds("grace hop")).toEqual([[buyer.id, ["name"]]]);
    expect(await foundIds("TURING")).toEqual([[other.id, ["name"]]]);
    expect(await foundIds("eh11yz")).toEqual([[buyer.id, ["postcode"]]]);
    // TEST_DETAILS delivered the order to SW1A 1AA.
    expect(await foundIds("sw1a 1aa")).toEqual([[buyer.id, ["postcode"]]]);
  });

  it("by an order number, a voucher code as typed at a till, a gift card code exactly, or a card's last four digits", async () => {
    expect(await foundIds(String(orderId))).toEqual([[buyer.id, ["order number"]]]);
    expect(await foundIds(voucherCode.replace(/-/g, " ").toLowerCase())).toEqual([[buyer.id, ["voucher code"]]]);
    expect(await foundIds("GiftCard-Abc123")).toEqual([[other.id, ["gift card code"]]]);
    expect(await foundIds("giftcard-abc123")).toEqual([]);
    expect(await foundIds("4444")).toEqual([[buyer.id, ["card last four digits"]]]);
  });

  it("finds nobody for one character, an unknown code or a name nobody has", async () => {
    expect(await findShoppers(database.db, "g")).toEqual([]);
    expect(await findShoppers(database.db, "ZZZZ-ZZZZ-ZZZZ")).toEqual([]);
    expect(await findShoppers(database.db, "Lovelace%")).toEqual([]);
  });
});

describe("a shopper's page", () => {
  it("shows their order, the voucher with its history, the card's email, and records who opened it", async () => {
    await database.db.insert(outboxMessages).values({ to: buyer.email, subject: "Your order is confirmed", text: "Thanks" });
    const picture = await viewShopper(database.db, clock, agent, buyer.id);
    expect(picture?.orders.map((order) => order.id)).toEqual([orderId]);
    expect(picture?.vouchers[0]).toMatchObject({ code: voucherCode, orderId, status: "READY_TO_REDEEM" });
    expect(picture?.vouchers[0].timeline.at(-1)?.to).toBe("READY_TO_REDEEM");
    expect(picture?.emails.map((email) => email.subject)).toContain("Your order is confirmed");
    expect(picture?.addresses[0]).toContain("SW1A 1AA");
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "customer.view"), eq(auditEvents.entityId, String(buyer.id))));
    expect(audit).toMatchObject({ actorName: "Cass Service", actorRole: "customer_service", ip: "203.0.113.5", requestId: "req-1" });
    expect(await viewShopper(database.db, clock, agent, 999_999)).toBeNull();
  });

  it("keeps notes about the shopper or one of their orders, audited; another shopper's order or an empty note is refused", async () => {
    await addShopperNote(database.db, clock, agent, { customerId: buyer.id, orderId, body: "  Called about delivery; promised a call back.  " });
    const picture = await viewShopper(database.db, clock, agent, buyer.id);
    expect(picture?.notes).toEqual([expect.objectContaining({ author: "Cass Service", orderId, body: "Called about delivery; promised a call back." })]);
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "customer.note"));
    expect(audit.changes).toEqual({ note: [null, "Called about delivery; promised a call back."], orderId: [null, orderId] });
    await expect(addShopperNote(database.db, clock, agent, { customerId: other.id, orderId, body: "Wrong shopper" })).rejects.toMatchObject({
      code: "ORDER_NOT_THEIRS",
      status: 400,
    });
    await expect(addShopperNote(database.db, clock, agent, { customerId: other.id, orderId: null, body: "   " })).rejects.toMatchObject({ code: "NOTE_REQUIRED" });
    expect((await viewShopper(database.db, clock, agent, other.id))?.notes).toEqual([]);
  });
});
