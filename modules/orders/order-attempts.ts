import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { OrderError } from "./errors";
import { orderAttempts } from "./schema";

export type OrderAttempt = typeof orderAttempts.$inferSelect;

/**
 * Claims the attempt for (basket, key). Only the first request with a key claims it; a repeat gets
 * the existing attempt (a concurrent repeat waits on the unique index until the first commits).
 */
export async function claimAttempt(db: Db, basketId: number, idempotencyKey: string, now: Date): Promise<{ attempt: OrderAttempt; claimed: boolean }> {
  const [claimed] = await db
    .insert(orderAttempts)
    .values({ basketId, idempotencyKey, status: "pending", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { attempt: claimed, claimed: true };
  const [existing] = await db
    .select()
    .from(orderAttempts)
    .where(and(eq(orderAttempts.basketId, basketId), eq(orderAttempts.idempotencyKey, idempotencyKey)));
  return { attempt: existing, claimed: false };
}

/** Waits for an attempt another request is working on to finish; the latest row when it has (or time runs out). */
export async function settledAttempt(db: Db, attemptId: number, timeoutMs: number, pollMs = 50): Promise<OrderAttempt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(orderAttempts).where(eq(orderAttempts.id, attemptId));
    if (row.status !== "pending" || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export async function recordAuthorization(db: Db, attemptId: number, authorizationId: string, now: Date): Promise<void> {
  await db.update(orderAttempts).set({ authorizationId, updatedAt: now }).where(eq(orderAttempts.id, attemptId));
}

/** The attempt placed `orderId`; `paidByAuthorization` when its own authorization pays for that order. */
export async function attemptSucceeded(db: Db, attemptId: number, orderId: number, now: Date, paidByAuthorization: boolean): Promise<void> {
  await db
    .update(orderAttempts)
    .set({ status: "succeeded", orderId, updatedAt: now, ...(paidByAuthorization ? { authorizationSettledAt: now } : {}) })
    .where(eq(orderAttempts.id, attemptId));
}

export async function attemptFailed(db: Db, attemptId: number, error: OrderError, now: Date): Promise<void> {
  await db
    .update(orderAttempts)
    .set({ status: "failed", errorStatus: error.status, errorCode: error.code, errorMessage: error.message, updatedAt: now })
    .where(eq(orderAttempts.id, attemptId));
}

export async function authorizationSettled(db: Db, attemptId: number, now: Date): Promise<void> {
  await db.update(orderAttempts).set({ authorizationSettledAt: now }).where(eq(orderAttempts.id, attemptId));
}

/**
 * Attempts holding an authorization nothing accounts for, last touched before `olderThan`: failed
 * attempts whose void did not get through, attempts a crash left pending, and repeats whose basket
 * another request ordered while the void failed.
 */
export async function unsettledAuthorizations(db: Db, olderThan: Date): Promise<OrderAttempt[]> {
  return db
    .select()
    .from(orderAttempts)
    .where(and(isNotNull(orderAttempts.authorizationId), isNull(orderAttempts.authorizationSettledAt), lt(orderAttempts.updatedAt, olderThan)));
}
