import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { DomainError } from "../../lib/errors";
import { PAYMENT_PROCESS } from "../payments/payment-process";
import { payments } from "../payments/schema";
import { statusEvents } from "./schema";
import { recordInitialStatus, statusHistory, transition } from "./transition";

let database: TestDatabase;
const at = new Date("2026-11-23T10:00:00Z");
const sweeper = { type: "system", id: "payment-sweeper" } as const;
let nextOrder = 1;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function authorizedPayment() {
  nextOrder += 1;
  const [payment] = await database.db
    .insert(payments)
    .values({ orderId: nextOrder, provider: "sandbox", method: "card", authorizationId: `auth-${nextOrder}`, amount: 2500, currency: "GBP", status: "authorized", createdAt: at })
    .returning();
  await recordInitialStatus(database.db, PAYMENT_PROCESS, [payment], { actor: { type: "customer", id: "7" }, at });
  return payment;
}

async function statusOf(id: number) {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

async function errorOf(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("transition", () => {
  it("moves the aggregate and records who, when, why and what, after its first status", async () => {
    const payment = await authorizedPayment();
    await transition(database.db, PAYMENT_PROCESS, {
      id: payment.id,
      from: "authorized",
      to: "captured",
      actor: sweeper,
      at,
      reason: "order placed",
      data: { amount: 2500 },
      set: { capturedAt: at },
    });
    expect(await statusOf(payment.id)).toMatchObject({ status: "captured", capturedAt: at });
    const history = await statusHistory(database.db, PAYMENT_PROCESS, payment.id);
    expect(history.map(({ fromStatus, toStatus, actorType, actorId, reason, data }) => ({ fromStatus, toStatus, actorType, actorId, reason, data }))).toEqual([
      { fromStatus: null, toStatus: "authorized", actorType: "customer", actorId: "7", reason: null, data: null },
      { fromStatus: "authorized", toStatus: "captured", actorType: "system", actorId: "payment-sweeper", reason: "order placed", data: { amount: 2500 } },
    ]);
  });

  it("refuses a move the process does not allow, and writes nothing", async () => {
    const payment = await authorizedPayment();
    await transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "voided", actor: sweeper, at });
    const error = await errorOf(transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "voided", to: "captured", actor: sweeper, at }));
    expect(error).toMatchObject({ code: "STATUS_TRANSITION_NOT_ALLOWED", status: 409 });
    expect((await statusOf(payment.id)).status).toBe("voided");
    expect(await statusHistory(database.db, PAYMENT_PROCESS, payment.id)).toHaveLength(2);
  });

  it("refuses a move from a status the aggregate is no longer in, and writes nothing", async () => {
    const payment = await authorizedPayment();
    await transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "voided", actor: sweeper, at });
    const error = await errorOf(transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "captured", actor: sweeper, at, set: { capturedAt: at } }));
    expect(error).toMatchObject({ code: "STATUS_CHANGED_CONCURRENTLY", status: 409 });
    expect(await statusOf(payment.id)).toMatchObject({ status: "voided", capturedAt: null });
    expect(await statusHistory(database.db, PAYMENT_PROCESS, payment.id)).toHaveLength(2);
  });

  it("refuses a first status the process does not start in", async () => {
    const error = await errorOf(recordInitialStatus(database.db, PAYMENT_PROCESS, [{ id: 999, status: "captured" }], { actor: sweeper, at }));
    expect(error.code).toBe("STATUS_TRANSITION_NOT_ALLOWED");
    expect(await database.db.select().from(statusEvents).where(eq(statusEvents.aggregateId, 999))).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)("lets exactly one of two parallel moves from the same status win", async () => {
    for (let round = 0; round < 5; round += 1) {
      const payment = await authorizedPayment();
      const outcomes = await Promise.allSettled([
        transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "captured", actor: sweeper, at }),
        transition(database.db, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "voided", actor: { type: "staff", id: "3" }, at }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const [lost] = outcomes.filter((outcome) => outcome.status === "rejected");
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "STATUS_CHANGED_CONCURRENTLY" });
      const history = await statusHistory(database.db, PAYMENT_PROCESS, payment.id);
      expect(history).toHaveLength(2);
      expect(history[1].toStatus).toBe((await statusOf(payment.id)).status);
    }
  });
});
