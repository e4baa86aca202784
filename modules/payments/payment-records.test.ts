import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { statusHistory } from "../states/transition";
import { capturePayment, recordAuthorizedPayment } from "./payment-records";
import { PAYMENT_PROCESS } from "./payment-process";
import { paymentOperations, payments } from "./schema";
import { SandboxPaymentProvider } from "./sandbox/sandbox-provider";
import { sandboxRequests } from "./sandbox/schema";
import { tokenizeCard } from "./sandbox/tokenize";

let database: TestDatabase;
let provider: SandboxPaymentProvider;
const clock = fixedClock("2026-11-23T12:00:00Z");
const sweeper = { type: "system", id: "payment-sweeper" } as const;
let nextOrder = 500;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new SandboxPaymentProvider(database.db, clock);
});
afterAll(() => database.dispose());

/** An order's authorized payment, as placing the order records it. */
async function authorizedOrder(): Promise<number> {
  nextOrder += 1;
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  const authorized = await provider.authorize({ idempotencyKey: `auth-${nextOrder}`, amount: 3000, currency: "GBP", source: { kind: "nonce", nonce: card.nonce }, customerRef: null });
  if (!authorized.ok) throw new Error("declined");
  const { authorizationId, ok: _ok, ...details } = authorized;
  await recordAuthorizedPayment(database.db, { orderId: nextOrder, provider: "sandbox", authorizationId, amount: 3000, currency: "GBP", details, at: clock.now(), actor: { type: "customer", id: "1" } });
  return nextOrder;
}

async function captureRecords(orderId: number) {
  const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const operations = await database.db.select().from(paymentOperations).where(eq(paymentOperations.paymentId, payment.id));
  const gatewayCalls = await database.db.select().from(sandboxRequests).where(eq(sandboxRequests.idempotencyKey, `order-${orderId}-capture`));
  return { payment, operations, gatewayCalls, history: await statusHistory(database.db, PAYMENT_PROCESS, payment.id) };
}

it("captures once, however often it is retried", async () => {
  const orderId = await authorizedOrder();
  expect(await capturePayment(database.db, provider, orderId, clock.now(), sweeper)).toBe(true);
  expect(await capturePayment(database.db, provider, orderId, clock.now(), sweeper)).toBe(false);
  const { payment, operations, gatewayCalls, history } = await captureRecords(orderId);
  expect(payment).toMatchObject({ status: "captured", capturedAt: clock.now() });
  expect(operations).toMatchObject([{ kind: "capture", amount: 3000, status: "succeeded", actorType: "system", actorId: "payment-sweeper" }]);
  expect(gatewayCalls).toHaveLength(1);
  expect(history.map((event) => event.toStatus)).toEqual(["authorized", "captured"]);
});

it.skipIf(!process.env.DATABASE_URL)("captures once when two instances capture the same order at the same moment", async () => {
  const orderId = await authorizedOrder();
  const results = await Promise.all([1, 2, 3].map(() => capturePayment(database.db, provider, orderId, clock.now(), sweeper)));
  expect(results.filter(Boolean)).toHaveLength(1);
  const { operations, gatewayCalls, history } = await captureRecords(orderId);
  expect(operations).toHaveLength(1);
  expect(gatewayCalls).toHaveLength(1);
  expect(history.map((event) => event.toStatus)).toEqual(["authorized", "captured"]);
});
