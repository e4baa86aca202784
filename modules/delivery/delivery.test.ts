import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyDeal, insertMerchant } from "../../tests/support/delivery-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { outboxMessages } from "../mail/schema";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { deliverBy } from "./deliver-by";
import { deliverShipment } from "./deliver-shipment";
import { type DeliveryServices, dispatchShipment } from "./dispatch-shipment";
import { findOrderProgress } from "./order-progress";
import { presumeDelivered } from "./presume-delivered";
import { shipments } from "./schema";
import { SHIPMENT_PROCESS } from "./shipment-process";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let services: DeliveryServices;
// A Saturday, so the promise skips a weekend.
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  services = { db: database.db, clock, linkOrigin: () => "https://www.wowcher.co.uk" };
});
afterAll(() => database.dispose());

const merchant = () => ({ merchantId: basics.merchant.id, merchantUserId: 7 });

async function shipmentOf(voucherId: number) {
  const [row] = await database.db.select().from(shipments).where(eq(shipments.voucherId, voucherId));
  return row;
}

async function mailTo(email: string) {
  return database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);
}

const moves = (events: { fromStatus: string | null; toStatus: string; actorType: string }[]) => events.map((e) => `${e.fromStatus ?? "∅"}→${e.toStatus} (${e.actorType})`);

describe("deliver-by date", () => {
  it("is the fifth working day after purchase in the market's calendar", () => {
    expect(deliverBy(new Date("2026-11-21T12:00:00Z"), "Europe/London")).toBe("2026-11-27"); // Saturday → Friday
    expect(deliverBy(new Date("2026-11-23T09:00:00Z"), "Europe/London")).toBe("2026-11-30"); // Monday → next Monday
    // 23:30 UTC on a Friday is already Saturday in Dublin in summer.
    expect(deliverBy(new Date("2026-07-03T23:30:00Z"), "Europe/Dublin")).toBe("2026-07-10");
  });
});

describe("shipments at order time", () => {
  it("opens one Processing shipment per physical voucher, and none for a deal without delivery", async () => {
    const customer = await insertCustomer(database.db);
    const goods = await buyDeal(database.db, clock, basics, customer, { quantity: 2 });
    const spa = await buyDeal(database.db, clock, basics, customer, { delivery: "none" });

    expect(goods.vouchers.map((v) => v.physical)).toEqual([true, true]);
    for (const voucher of goods.vouchers) {
      expect(await shipmentOf(voucher.id)).toMatchObject({ status: "PROCESSING", orderId: goods.order.id, merchantId: basics.merchant.id, deliverBy: "2026-11-27" });
      expect(moves(await statusHistory(database.db, SHIPMENT_PROCESS, voucher.id))).toEqual(["∅→PROCESSING (customer)"]);
    }
    expect(spa.vouchers[0].physical).toBe(false);
    expect(await shipmentOf(spa.vouchers[0].id)).toBeUndefined();
    expect(await findOrderProgress(database.db, customer.id, spa.vouchers[0].id)).toBeNull();

    expect(await findOrderProgress(database.db, customer.id, goods.vouchers[0].id)).toMatchObject({
      label: "Processing Order",
      deliveryPromise: "Delivery on or before Friday, 27 November 2026",
      tracking: null,
      steps: [
        { label: "Processing Order", done: true, current: true },
        { label: "Dispatched", done: false, at: null },
        { label: "Delivered", done: false, at: null },
      ],
    });
  });
});

describe("dispatch", () => {
  it("marks the parcel Dispatched, emails the shopper with tracking, and shows it in the order progress", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    clock.advance(86_400_000);

    const result = await dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "ROYAL_MAIL", trackingNumber: " ab 123 456 789 gb " });
    expect(result).toMatchObject({ status: "DISPATCHED", courier: "ROYAL_MAIL", trackingNumber: "AB123456789GB" });
    // The same details again: nothing changes, no second email.
    await dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "ROYAL_MAIL", trackingNumber: "AB123456789GB" });

    const mails = await mailTo(customer.email);
    const dispatched = mails.filter((mail) => mail.subject.includes("dispatched"));
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0].text).toContain("Courier: Royal Mail. Tracking number: AB123456789GB.");
    expect(dispatched[0].text).toContain("https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB");

    const progress = await findOrderProgress(database.db, customer.id, voucher.id);
    expect(progress).toMatchObject({ label: "Dispatched", deliveryPromise: "Delivery on or before Friday, 27 November 2026" });
    expect(progress?.tracking).toEqual({ courier: "Royal Mail", trackingNumber: "AB123456789GB", url: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB" });
    expect(moves(await statusHistory(database.db, SHIPMENT_PROCESS, voucher.id))).toEqual(["∅→PROCESSING (customer)", "PROCESSING→DISPATCHED (merchant)"]);

    await expect(dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "DPD", trackingNumber: "AB123456789GB" })).rejects.toMatchObject({ code: "DISPATCHED_DIFFERENTLY", status: 409 });
  });

  it("hides courier and tracking from the shopper when the deal does not allow them", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer, { showTracking: false });
    await dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "DPD", trackingNumber: "1550123456" });

    const [mail] = (await mailTo(customer.email)).filter((m) => m.subject.includes("dispatched"));
    expect(mail.text).not.toContain("1550123456");
    expect(mail.text).not.toContain("DPD");
    const progress = await findOrderProgress(database.db, customer.id, voucher.id);
    expect(progress).toMatchObject({ label: "Dispatched", tracking: null });
    expect(JSON.stringify(progress)).not.toContain("1550123456");
  });

  it("refuses another merchant's parcel as not found, and bad details with clear messages, changing nothing", async () => {
    const customer = await insertCustomer(database.db);
    const other = await insertMerchant(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);

    await expect(dispatchShipment(services, { merchantId: other.id, merchantUserId: 9, voucherId: voucher.id, courier: "DPD", trackingNumber: "1550123456" })).rejects.toMatchObject({ code: "SHIPMENT_NOT_FOUND", status: 404 });
    await expect(deliverShipment(services, { merchantId: other.id, merchantUserId: 9, voucherId: voucher.id })).rejects.toMatchObject({ code: "SHIPMENT_NOT_FOUND" });
    await expect(dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "PIGEON", trackingNumber: "1550123456" })).rejects.toMatchObject({ code: "COURIER_UNKNOWN", message: "Please choose the courier from the list." });
    await expect(dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "DPD", trackingNumber: "<b>" })).rejects.toMatchObject({ code: "TRACKING_NUMBER_INVALID" });
    expect(await shipmentOf(voucher.id)).toMatchObject({ status: "PROCESSING", courier: null });
  });

  it("refuses to dispatch goods whose voucher was refunded", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    await database.db.update(vouchers).set({ status: "REFUNDED" }).where(eq(vouchers.id, voucher.id));
    await expect(dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "DPD", trackingNumber: "1550123456" })).rejects.toMatchObject({ code: "NOT_AWAITING_DELIVERY", status: 409 });
    expect((await shipmentOf(voucher.id)).status).toBe("PROCESSING");
  });
});

describe("delivery", () => {
  it("marks the parcel Delivered and the voucher Redeemed, once; a delivered parcel's details cannot change", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    await dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "EVRI", trackingNumber: "H01234567890" });
    clock.advance(2 * 86_400_000);
    const deliveredAt = clock.now();

    expect(await deliverShipment(services, { ...merchant(), voucherId: voucher.id })).toEqual({ status: "DELIVERED", deliveredAt });
    clock.advance(60_000);
    expect(await deliverShipment(services, { ...merchant(), voucherId: voucher.id })).toEqual({ status: "DELIVERED", deliveredAt });

    const [redeemed] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(redeemed).toMatchObject({ status: "REDEEMED", redeemedAt: deliveredAt, redeemedBy: 7 });
    expect(moves(await statusHistory(database.db, VOUCHER_PROCESS, voucher.id))).toEqual(["∅→READY_TO_REDEEM (customer)", "READY_TO_REDEEM→REDEEMED (merchant)"]);
    expect(moves(await statusHistory(database.db, SHIPMENT_PROCESS, voucher.id))).toEqual(["∅→PROCESSING (customer)", "PROCESSING→DISPATCHED (merchant)", "DISPATCHED→DELIVERED (merchant)"]);
    expect(await findOrderProgress(database.db, customer.id, voucher.id)).toMatchObject({ label: "Delivered", deliveryPromise: null, tracking: { courier: "Evri" } });

    await expect(dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "DPD", trackingNumber: "1550123456" })).rejects.toMatchObject({
      code: "ALREADY_DELIVERED",
      message: "This order has already been delivered, so its delivery details can no longer be changed.",
    });
  });

  it("may skip Dispatched (goods handed over without a courier)", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    await deliverShipment(services, { ...merchant(), voucherId: voucher.id });
    const progress = await findOrderProgress(database.db, customer.id, voucher.id);
    expect(progress?.steps.map((step) => [step.label, step.done, step.at === null])).toEqual([
      ["Processing Order", true, false],
      ["Dispatched", true, true],
      ["Delivered", true, false],
    ]);
  });

  it("is presumed 14 days after dispatch by the daily job, and only then", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    await dispatchShipment(services, { ...merchant(), voucherId: voucher.id, courier: "UPS", trackingNumber: "1Z999AA10123456784" });
    clock.advance(13 * 86_400_000);
    await presumeDelivered(database.db, clock);
    expect((await shipmentOf(voucher.id)).status).toBe("DISPATCHED");
    clock.advance(86_400_000);
    expect(await presumeDelivered(database.db, clock)).toBeGreaterThanOrEqual(1);
    expect(await shipmentOf(voucher.id)).toMatchObject({ status: "DELIVERED", deliveredAt: clock.now() });
    const events = await statusHistory(database.db, SHIPMENT_PROCESS, voucher.id);
    expect(events.at(-1)).toMatchObject({ toStatus: "DELIVERED", actorType: "system", actorId: "delivery.presume-delivered" });
    const [redeemed] = await database.db.select().from(vouchers).where(and(eq(vouchers.id, voucher.id), eq(vouchers.status, "REDEEMED")));
    expect(redeemed.redeemedBy).toBeNull();
  });
});
