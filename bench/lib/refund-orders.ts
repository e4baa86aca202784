/**
 * Vouchers to refund in the after-sale benchmark: real one-unit orders placed through the buying
 * use cases (basket, sandbox card, placeOrder), so every refund finds the order, captured payment
 * and gateway transaction a shopper's refund would find.
 */
import { inArray } from "drizzle-orm";
import pino from "pino";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { systemClock } from "../../lib/clock";
import { createBasket } from "../../modules/basket/create-basket";
import { type PlacementServices, placeOrder } from "../../modules/orders/place-order";
import { SandboxPaymentProvider } from "../../modules/payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { vouchers } from "../../modules/vouchers/schema";
import { customers } from "../../modules/accounts/schema";

const DETAILS = { firstName: "Bench", lastName: "Refunder", addressLine1: "1 Load Street", addressLine2: null, city: "London", postcode: "N1 1AA" };
const HOLD_MS = 600_000;

export const LINK_ORIGIN = "https://www.wowcher.co.uk";

function placementServices(db: Db): PlacementServices {
  return {
    db,
    provider: new SandboxPaymentProvider(db, systemClock),
    clock: systemClock,
    brand: BRANDS.wowcher,
    holdMs: HOLD_MS,
    // Available at once, so the refund's 14 days have begun.
    voucherReadyMs: 0,
    enabledMethods: { klarna: false, clearpay: false },
    log: pino({ level: "silent" }),
    linkOrigin: LINK_ORIGIN,
  };
}

/** One order of one unit of `productId` by the customer; null when the basket refuses it (sold out, a cap). */
async function placeOneUnitOrder(db: Db, customer: { id: number; email: string }, productId: number, key: string): Promise<number | null> {
  const shopper = { id: customer.id, email: customer.email, vip: false };
  let token: string;
  try {
    token = (await createBasket(db, { eligibleForVip: false, products: [{ productId, quantity: 1 }] }, { brand: BRANDS.wowcher, customer: shopper, now: new Date(), holdMs: HOLD_MS })).token;
  } catch {
    return null;
  }
  const card = await tokenizeCard(db, systemClock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "N1 1AA" });
  if (!card.ok) throw new Error("the sandbox refused the test card");
  const placed = await placeOrder(placementServices(db), { basketToken: token, idempotencyKey: key, customer: shopper, details: DETAILS, payment: { method: "card", instrument: "NEW", nonce: card.nonce } });
  return placed.ok ? placed.order.id : null;
}

/**
 * Places `count` orders (8 at a time) for the given customers in turn, each for a product drawn
 * by `pick`, and answers their vouchers (one per order) with their owners.
 */
export async function placeRefundableOrders(db: Db, count: number, customerIds: readonly number[], pick: () => number): Promise<{ voucherId: number; customerId: number }[]> {
  const rows = await db.select({ id: customers.id, email: customers.email }).from(customers).where(inArray(customers.id, [...customerIds]));
  const orderIds: number[] = [];
  let attempts = 0;
  const runId = `${process.pid}-${Date.now()}`;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (orderIds.length < count && attempts < count * 3) {
        attempts += 1;
        const customer = rows[attempts % rows.length];
        const orderId = await placeOneUnitOrder(db, customer, pick(), `after-sale-bench-${runId}-${attempts}`);
        if (orderId) orderIds.push(orderId);
      }
    }),
  );
  const issued = await db.select({ voucherId: vouchers.id, customerId: vouchers.customerId, orderId: vouchers.orderId }).from(vouchers).where(inArray(vouchers.orderId, orderIds));
  return issued.map(({ voucherId, customerId }) => ({ voucherId, customerId }));
}

