import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { claimAttempt, recordAuthorization } from "./order-attempts";
import { orderAttempts } from "./schema";
import { settlePayments } from "./settle-payments";

let database: TestDatabase;
const then = new Date("2026-11-21T12:00:00Z");
const later = fixedClock(new Date(then.getTime() + 5 * 60 * 1000));
const log = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function authorization(key: string) {
  const provider = new SandboxPaymentProvider(database.db, fixedClock(then));
  const tokenised = await tokenizeCard(database.db, fixedClock(then), { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "N1 1AA" });
  if (!tokenised.ok) throw new Error("tokenise failed");
  const result = await provider.authorize({ idempotencyKey: key, amount: 1000, currency: "GBP", source: { kind: "nonce", nonce: tokenised.nonce }, customerRef: null });
  if (!result.ok) throw new Error("authorize failed");
  return result.authorizationId;
}

async function gatewayStatus(id: string) {
  const [row] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id));
  return row.status;
}

it("voids an authorization a crashed attempt left behind, and captures an order whose capture failed", async () => {
  const { attempt } = await claimAttempt(database.db, { basketId: 1, idempotencyKey: "crashed", fingerprint: "f", now: then });
  const stranded = await authorization("stranded");
  await recordAuthorization(database.db, attempt.id, stranded, then);

  const uncaptured = await authorization("uncaptured");
  await database.db.insert(payments).values({
    orderId: 4242,
    provider: "sandbox",
    method: "card",
    authorizationId: uncaptured,
    amount: 1000,
    currency: "GBP",
    status: "authorized",
    createdAt: then,
  });

  // Too recent: the request may still be working on them.
  const provider = new SandboxPaymentProvider(database.db, later);
  expect(await settlePayments({ db: database.db, provider, clock: fixedClock(then), log })).toEqual({ voided: 0, captured: 0 });

  expect(await settlePayments({ db: database.db, provider, clock: later, log })).toEqual({ voided: 1, captured: 1 });
  expect(await gatewayStatus(stranded)).toBe("voided");
  expect(await gatewayStatus(uncaptured)).toBe("captured");
  const [settled] = await database.db.select().from(orderAttempts).where(eq(orderAttempts.id, attempt.id));
  expect(settled).toMatchObject({ status: "failed", errorCode: "INTERRUPTED", authorizationId: stranded });
  expect(settled.authorizationSettledAt).not.toBeNull();

  expect(await settlePayments({ db: database.db, provider, clock: later, log })).toEqual({ voided: 0, captured: 0 });
});
