import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureGiftPresets } from "../../seed/gift-presets";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { findBasket } from "../basket/baskets";
import { createBasket } from "../basket/create-basket";
import { updateLine } from "../basket/update-line";
import { viewBasket } from "../basket/view-basket";
import { placeOrder } from "../orders/place-order";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { deliverBy, deliveryWorkingDays } from "./deliver-by";
import { shipments } from "./schema";

const onOrBefore = (at: string, preset: Parameters<typeof deliveryWorkingDays>[2], zone = "Europe/London") =>
  deliverBy(new Date(at), zone, deliveryWorkingDays(new Date(at), zone, preset));

describe("gift pack delivery dates", () => {
  it("delivers a next-day pack the next working day when ordered before 2pm market time, a day later from 2pm", () => {
    // Monday 23 November 2026 (GMT).
    expect(onOrBefore("2026-11-23T13:59:59Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-11-24");
    expect(onOrBefore("2026-11-23T14:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-11-25");
    // In summer 2pm in London is 13:00 UTC.
    expect(onOrBefore("2026-07-06T12:59:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-07-07");
    expect(onOrBefore("2026-07-06T13:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-07-08");
    expect(onOrBefore("2026-07-06T13:00:00Z", "NEXT_DAY_GIFT_PACK", "Europe/Dublin")).toBe("2026-07-08");
  });

  it("counts working days only: Friday before 2pm arrives Monday, Friday afternoon and the weekend arrive Tuesday", () => {
    expect(onOrBefore("2026-11-27T13:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-11-30");
    expect(onOrBefore("2026-11-27T15:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-12-01");
    expect(onOrBefore("2026-11-28T10:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-12-01");
    expect(onOrBefore("2026-11-29T10:00:00Z", "NEXT_DAY_GIFT_PACK")).toBe("2026-12-01");
  });

  it("delivers a standard pack within 3 working days, whatever the hour, and other goods (gift wrap too) within 5", () => {
    expect(onOrBefore("2026-11-23T09:00:00Z", "STANDARD_DELIVERY_GIFT_PACK")).toBe("2026-11-26");
    expect(onOrBefore("2026-11-23T20:00:00Z", "STANDARD_DELIVERY_GIFT_PACK")).toBe("2026-11-26");
    expect(onOrBefore("2026-11-26T09:00:00Z", "STANDARD_DELIVERY_GIFT_PACK")).toBe("2026-12-01");
    expect(onOrBefore("2026-11-23T09:00:00Z", "WRAPPED")).toBe("2026-11-30");
    expect(onOrBefore("2026-11-23T09:00:00Z", null)).toBe("2026-11-30");
  });
});

describe("an order with a gift pack", () => {
  let database: TestDatabase;
  let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
  // Monday, 11:00 in London: before the cutoff.
  const clock = new ManualClock("2026-11-23T11:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    basics = await insertCatalogBasics(database.db);
    await ensureGiftPresets(database.db);
  });
  afterAll(() => database.dispose());

  it("sells the pack line like any product: a voucher and a parcel due the next working day, the item's parcel in 5", async () => {
    const db = database.db;
    const customer = await insertCustomer(db);
    const actor = actorAt(clock.now(), { id: customer.id, vip: false });
    const { product } = await insertSellable(db, basics, {
      deal: { dealType: "national", locationId: null, deliveryType: "standard", minPostagePrice: 0 },
      product: { totalRemaining: 50, price: 2500 },
    });
    const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actor);
    const seen = await viewBasket(db, (await findBasket(db, basket.token, actor))!, actor);
    const itemLine = seen.lines[0].line.id;
    const gifting = (type: "WRAPPED" | "NEXT_DAY_GIFT_PACK") => ({ gifting: { gift: true, type, giftProductId: null, giftPackProductId: null } });
    expect((await updateLine(db, basket.token, itemLine, gifting("WRAPPED"), actor)).toast).toBe("Gift Wrap Added");
    expect((await updateLine(db, basket.token, itemLine, gifting("NEXT_DAY_GIFT_PACK"), actor)).toast).toBe("Gift Pack Added");

    const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    const placed = await placeOrder(placementServices(db, clock), {
      basketToken: basket.token,
      idempotencyKey: "gift-pack-order",
      customer: { id: customer.id, email: customer.email, vip: false },
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!placed.ok) throw placed.error;
    expect(placed.order.total).toBe(2 * 2500 + 2 * 699);
    const parcels = await db
      .select({ productId: vouchers.productId, deliverBy: shipments.deliverBy })
      .from(shipments)
      .innerJoin(vouchers, eq(vouchers.id, shipments.voucherId))
      .where(eq(shipments.orderId, placed.order.id));
    expect(parcels.filter((parcel) => parcel.productId === 2440915).map((parcel) => parcel.deliverBy)).toEqual(["2026-11-24", "2026-11-24"]);
    expect(parcels.filter((parcel) => parcel.productId === product.id).map((parcel) => parcel.deliverBy)).toEqual(["2026-11-30", "2026-11-30"]);
    expect(parcels.some((parcel) => parcel.productId === 2440914)).toBe(false);
  });
});
