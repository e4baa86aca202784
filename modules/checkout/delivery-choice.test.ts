/**
 * Delivery options at checkout (issue 25): the option a shopper chooses is the postage the checkout
 * shows and the order charges, records and promises; one the item does not offer is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { addProduct } from "../basket/add-product";
import { findBasket } from "../basket/baskets";
import { createBasket } from "../basket/create-basket";
import { updateLine } from "../basket/update-line";
import { chosenDeliveryOption, DELIVERY_LABELS, deliveryOptionsFor } from "../catalog/rules/delivery-options";
import { shipments } from "../delivery/schema";
import { findCustomerOrder } from "../orders/find-orders";
import { placeOrder } from "../orders/place-order";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { describeCheckout } from "./checkout-data";
import { quoteCheckout } from "./quote-checkout";

const OPTIONS = deliveryOptionsFor({ standardPrice: 299, nextDayPrice: 599, collectFrom: "12 High Street, Leeds" });

describe("choosing a delivery option", () => {
  it("charges the cheapest posted option until the shopper chooses, never sending them to collect unasked", () => {
    expect(chosenDeliveryOption(OPTIONS, null)?.method).toBe("standard");
    expect(chosenDeliveryOption(OPTIONS, "next_day")?.price).toBe(599);
    expect(chosenDeliveryOption(OPTIONS, "courier")?.method).toBe("standard");
    expect(chosenDeliveryOption([], "next_day")).toBeNull();
    expect(OPTIONS.map((option) => option.label)).toEqual([DELIVERY_LABELS.standard, DELIVERY_LABELS.next_day, DELIVERY_LABELS.click_and_collect]);
  });
});

describe("an order with delivery options", () => {
  let database: TestDatabase;
  let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
  // Monday 11:00 in London: next working day delivery is promised for Tuesday.
  const clock = new ManualClock("2026-11-23T11:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    basics = await insertCatalogBasics(database.db);
  });
  afterAll(() => database.dispose());

  async function postedItem() {
    return insertSellable(database.db, basics, {
      deal: { dealType: "national", locationId: null, deliveryType: "standard", minPostagePrice: 299 },
      product: { totalRemaining: 50, price: 2500, deliveryOptions: OPTIONS },
    });
  }

  async function buy(token: string, customer: { id: number; email: string }, key: string) {
    const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    const placed = await placeOrder(placementServices(database.db, clock), {
      basketToken: token,
      idempotencyKey: key,
      customer: { id: customer.id, email: customer.email, vip: false },
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!placed.ok) throw placed.error;
    return placed.order;
  }

  it("shows, charges, records and promises next working day delivery once chosen", async () => {
    const db = database.db;
    const customer = await insertCustomer(db);
    const actor = actorAt(clock.now(), { id: customer.id, vip: false });
    const { product } = await postedItem();
    const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actor);
    const quoted = async () => quoteCheckout(db, (await findBasket(db, basket.token, actor))!, actor);

    const before = await quoted();
    expect(before.postage).toBe(2 * 299);
    const lineId = before.lines[0].line.id;
    await updateLine(db, basket.token, lineId, { deliveryOptionType: "next_day" }, actor);

    const after = await quoted();
    const checkout = await describeCheckout(db, after, {
      customer: null,
      device: { applePay: false, specialBrowser: false },
      enabledMethods: { klarna: false, clearpay: false },
      status: "READY",
      now: clock.now(),
    });
    expect(checkout.basket.products[0]).toMatchObject({ deliveryOptionType: "next_day", postagePrice: 599, lineTotal: 2 * (2500 + 599) });
    expect(checkout.orderSummary.postage).toBe(2 * 599);
    expect(checkout.deals[0].products[0].productDeliveryOptions.map((option) => option.method)).toEqual(["standard", "next_day", "click_and_collect"]);

    const order = await buy(basket.token, customer, "delivery-next-day");
    expect(order.total).toBe(checkout.orderSummary.amountToPay);
    const confirmation = await findCustomerOrder(db, customer.id, order.id);
    expect(confirmation?.row.postage).toBe(2 * 599);
    expect(confirmation?.lines[0].deliveryOption).toMatchObject({ method: "next_day", label: DELIVERY_LABELS.next_day, price: 599 });
    const parcels = await db.select({ deliverBy: shipments.deliverBy }).from(shipments).where(eq(shipments.orderId, order.id));
    expect(parcels.map((parcel) => parcel.deliverBy)).toEqual(["2026-11-24", "2026-11-24"]);
  });

  it("posts nothing for click and collect: free, a voucher to show at the collection point, no parcel", async () => {
    const db = database.db;
    const customer = await insertCustomer(db);
    const actor = actorAt(clock.now(), { id: customer.id, vip: false });
    const { product } = await postedItem();
    const basket = await createBasket(db, { eligibleForVip: false, products: [] }, actor);
    await addProduct(db, basket.token, { productId: product.id, quantity: 1, deliveryOptionType: "click_and_collect" }, actor);
    const order = await buy(basket.token, customer, "delivery-collect");
    expect(order.total).toBe(2500);
    expect(await db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    const [voucher] = await db.select({ physical: vouchers.physical }).from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(voucher.physical).toBe(false);
    const confirmation = await findCustomerOrder(db, customer.id, order.id);
    expect(confirmation?.row.postage).toBe(0);
    expect(confirmation?.lines[0].deliveryOption).toMatchObject({ method: "click_and_collect", collectFrom: "12 High Street, Leeds" });
  });

  it("refuses a delivery option the item does not offer, and keeps the line as it was", async () => {
    const db = database.db;
    const actor = actorAt(clock.now(), null);
    const { product } = await postedItem();
    const { product: voucherOnly } = await insertSellable(db, basics, { product: { totalRemaining: 5 } });
    const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actor);
    const lineId = (await quoteCheckout(db, (await findBasket(db, basket.token, actor))!, actor)).lines[0].line.id;

    await expect(updateLine(db, basket.token, lineId, { deliveryOptionType: "courier" }, actor)).rejects.toMatchObject({
      status: 400,
      message: "That delivery option is not offered for this item: please choose one of those listed.",
    });
    await expect(addProduct(db, basket.token, { productId: voucherOnly.id, quantity: 1, deliveryOptionType: "next_day" }, actor)).rejects.toMatchObject({ status: 400 });
    const quote = await quoteCheckout(db, (await findBasket(db, basket.token, actor))!, actor);
    expect(quote.lines.map((entry) => entry.line.productId)).toEqual([product.id]);
    expect(quote.postage).toBe(299);
  });
});
