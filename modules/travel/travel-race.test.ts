/**
 * No night and no seat is ever sold twice: shoppers racing on two app instances (each with its
 * own pool, as two servers) against one PostgreSQL database. Runs when DATABASE_URL is set.
 */
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { BRANDS } from "../../lib/brand";
import { fixedClock } from "../../lib/clock";
import { insertCustomer, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { insertFlightPair, insertTravelStay, passengerForms } from "../../tests/support/travel-fixtures";
import type { Db } from "../../db/client";
import { BASKET_ERRORS, BasketError } from "../basket/errors";
import { createBasket } from "../basket/create-basket";
import { savePassengers } from "../basket/save-passengers";
import { basketLines } from "../basket/schema";
import { inventoryNights } from "../inventory/schema";
import { type PlacementServices, placeOrder } from "../orders/place-order";
import { orderLines } from "../orders/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { travelFlights } from "../inventory/schema";
import { requestStayBooking } from "../my-vouchers/book-stay";
import { vouchers } from "../vouchers/schema";
import { TRAVEL_ERRORS } from "./errors";

const SHOPPERS = 100;
const log = pino({ level: "silent" });
const t0 = new Date("2026-11-21T12:00:00Z");
const HOLD_MS = 10 * 60_000;

function instance(db: Db, now: Date): PlacementServices {
  const clock = fixedClock(now);
  return {
    db,
    provider: new SandboxPaymentProvider(db, clock),
    clock,
    brand: BRANDS.wowcher,
    holdMs: HOLD_MS,
    voucherReadyMs: 0,
    enabledMethods: { klarna: false, clearpay: false },
    log,
    linkOrigin: "http://localhost:3000",
  };
}

const stay = (productId: number, extra: Record<string, unknown> = {}) => ({ productId, quantity: 1, checkInDate: "2027-03-01", checkOutDate: "2027-03-03", guests: 2, ...extra });

async function soldNights(db: Db, productId: number): Promise<number[]> {
  const rows = await db.select().from(inventoryNights).where(eq(inventoryNights.productId, productId)).orderBy(inventoryNights.night);
  return rows.filter((row) => row.night >= "2027-03-01" && row.night < "2027-03-03").map((row) => row.sold);
}

describe.skipIf(!process.env.DATABASE_URL)("travel under concurrency (two instances, one PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(10);

  async function shoppers(count: number) {
    const list: { id: number; email: string; vip: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      const customer = await insertCustomer(setup.database.db);
      list.push({ id: customer.id, email: customer.email, vip: false });
    }
    return list;
  }

  async function pay(services: PlacementServices, customer: { id: number; email: string; vip: boolean }, basketToken: string, key: string) {
    const card = await tokenizeCard(services.db, services.clock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "E1 6AN" });
    if (!card.ok) throw new Error("tokenise failed");
    return placeOrder(services, { basketToken, idempotencyKey: key, customer, details: TEST_DETAILS, payment: { method: "card", instrument: "NEW", nonce: card.nonce } });
  }

  it("100 shoppers adding the last room at once: one holds it, the others read the spec's message", async () => {
    const { product } = await insertTravelStay(setup.database.db, setup.basics, { from: "2027-02-25", capacity: 1 });
    const racers = await shoppers(SHOPPERS);
    const outcomes = await Promise.all(
      racers.map(async (customer, index) => {
        const db = setup.servers[index % 2].db;
        try {
          await createBasket(db, { eligibleForVip: false, products: [stay(product.id)] }, { brand: BRANDS.wowcher, customer, now: t0, holdMs: HOLD_MS });
          return "held";
        } catch (error) {
          if (error instanceof BasketError) return error.message;
          throw error;
        }
      }),
    );
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => outcome !== "held"))).toEqual(new Set([BASKET_ERRORS.TRAVEL_NOT_AVAILABLE.message]));
  }, 120_000);

  it("100 shoppers paying for the last room whose holds ran out: it is sold once", async () => {
    const { product } = await insertTravelStay(setup.database.db, setup.basics, { from: "2027-02-25", capacity: 1 });
    const racers = await shoppers(SHOPPERS);
    const db = setup.database.db;
    // Each basket held the room in turn, one after another's hold ran out.
    const baskets: string[] = [];
    for (const [index, customer] of racers.entries()) {
      const actor = { brand: BRANDS.wowcher, customer, now: new Date(t0.getTime() + index * (HOLD_MS + 60_000)), holdMs: HOLD_MS };
      const basket = await createBasket(db, { eligibleForVip: false, products: [stay(product.id)] }, actor);
      const [line] = await db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
      const saved = await savePassengers(db, basket.token, line.id, passengerForms(2), actor);
      if (!saved.ok) throw new Error("passengers refused");
      baskets.push(basket.token);
    }
    const later = new Date(t0.getTime() + (SHOPPERS + 1) * (HOLD_MS + 60_000));
    const instances = setup.servers.map((server) => instance(server.db, later));
    const outcomes = await Promise.all(racers.map((customer, index) => pay(instances[index % 2], customer, baskets[index], `room-${index}`)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const failures = new Set(outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error.message])));
    expect(failures).toEqual(new Set([BASKET_ERRORS.TRAVEL_NOT_AVAILABLE.message]));
    expect(await soldNights(db, product.id)).toEqual([1, 1]);
    const [{ lines }] = await db.select({ lines: sql<number>`count(*)::int` }).from(orderLines).where(eq(orderLines.productId, product.id));
    expect(Number(lines)).toBe(1);
  }, 180_000);

  it("two shoppers paying for the last two seats on a flight: one gets them", async () => {
    const { deal, product } = await insertTravelStay(setup.database.db, setup.basics, { from: "2027-02-25", capacity: 5, withFlights: true, redemptionType: "choose-your-flight" });
    const { outbound, inbound } = await insertFlightPair(setup.database.db, deal.id, { checkIn: "2027-03-01", checkOut: "2027-03-03", seats: 2 });
    const racers = await shoppers(2);
    const db = setup.database.db;
    const baskets: string[] = [];
    for (const customer of racers) {
      const actor = { brand: BRANDS.wowcher, customer, now: t0, holdMs: HOLD_MS };
      const basket = await createBasket(db, { eligibleForVip: false, products: [stay(product.id, { flights: { outboundFlightId: outbound.id, inboundFlightId: inbound.id } })] }, actor);
      const [line] = await db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
      await savePassengers(db, basket.token, line.id, passengerForms(2), actor);
      baskets.push(basket.token);
    }
    const instances = setup.servers.map((server) => instance(server.db, new Date(t0.getTime() + 60_000)));
    const outcomes = await Promise.all(racers.map((customer, index) => pay(instances[index], customer, baskets[index], `seat-${index}`)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error.message]))).toEqual([BASKET_ERRORS.TRAVEL_FLIGHTS_UNAVAILABLE.message]);
    const flights = await db.select().from(travelFlights).where(eq(travelFlights.dealId, deal.id));
    expect(flights.map((flight) => flight.seatsSold)).toEqual([2, 2]);
    // The loser's rooms are not sold either: the order rolled back as a whole.
    expect(await soldNights(db, product.id)).toEqual([1, 1]);
  }, 120_000);

  it("voucher holders asking for the last room after purchase at once: one request gets it", async () => {
    const { product } = await insertTravelStay(setup.database.db, setup.basics, { from: "2026-12-01", nights: 40, capacity: 1, totalRemaining: 20 });
    const db = setup.database.db;
    const racers = await shoppers(10);
    const voucherIds: number[] = [];
    for (const [index, customer] of racers.entries()) {
      const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, { brand: BRANDS.wowcher, customer, now: t0, holdMs: HOLD_MS });
      const placed = await pay(instance(db, t0), customer, basket.token, `voucher-${index}`);
      if (!placed.ok) throw new Error(placed.error.message);
      const [voucher] = await db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id));
      voucherIds.push(voucher.id);
    }
    const outcomes = await Promise.all(
      racers.map((customer, index) =>
        requestStayBooking(setup.servers[index % 2].db, { customerId: customer.id, voucherId: voucherIds[index], checkIn: "2026-12-10", checkOut: "2026-12-12", now: t0 }).then(
          () => "requested",
          (error: Error) => error.message,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "requested")).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => outcome !== "requested"))).toEqual(new Set([TRAVEL_ERRORS.NOT_AVAILABLE.message]));
    const rows = await db.select().from(inventoryNights).where(eq(inventoryNights.productId, product.id));
    expect(rows.filter((row) => row.sold > 0).map((row) => [row.night, row.sold])).toEqual([
      ["2026-12-10", 1],
      ["2026-12-11", 1],
    ]);
  }, 120_000);
});
