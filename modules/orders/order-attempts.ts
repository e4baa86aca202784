import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PaymentMethod } from "../payments/provider";
import type { OrderError } from "./errors";
import { orderAttempts } from "./schema";

export type OrderAttempt = typeof orderAttempts.$inferSelect;

/**
 * How long the request that claimed an attempt owns it. It must finish (authorize, write the
 * order, commit) within it; past it the payment sweeper settles the attempt as interrupted.
 */
export const ATTEMPT_LEASE_MS = 2 * 60 * 1000;

/**
 * How long an attempt waits for the shopper on the gateway's page (3-D Secure); past it the
 * payment sweeper voids the waiting authorization (docs/decisions/payments-requires-action.md).
 */
export const ACTION_LEASE_MS = 15 * 60 * 1000;

/** What an attempt waiting for the shopper's action keeps to finish the order on return: no card data. */
export interface PendingPlacement {
  customer: { id: number; email: string; vip: boolean };
  details: { firstName: string; lastName: string; addressLine1: string; addressLine2: string | null; city: string; postcode: string };
  payment: { method: PaymentMethod; instrument: "NEW" | "EXISTING"; instrumentId: number | null };
  vipRenewal: boolean;
  /** The amount authorized: the order is written only if the basket still costs this. */
  amount: number;
  vaultedToken: string | null;
}

/** The gateway idempotency keys of an attempt's calls: a repeat of the attempt repeats them, never moves money twice. */
export function attemptKeys(attemptId: number) {
  const key = `order-attempt-${attemptId}`;
  return { vault: `${key}-vault`, authorize: `${key}-authorize`, complete: `${key}-complete`, void: `${key}-void` };
}

/**
 * Claims the attempt for (basket, key), recording what was asked and the claimant's lease before
 * anything is sent to the gateway. Only the first request with a key claims it; a repeat gets the
 * existing attempt (a concurrent repeat waits on the unique index until the first commits).
 */
export async function claimAttempt(
  db: Db,
  claim: { basketId: number; idempotencyKey: string; fingerprint: string; now: Date; origin?: { clientIp: string | null; deviceId: string | null } },
): Promise<{ attempt: OrderAttempt; claimed: boolean }> {
  const { basketId, idempotencyKey, now } = claim;
  const [claimed] = await db
    .insert(orderAttempts)
    .values({
      basketId,
      idempotencyKey,
      status: "pending",
      requestFingerprint: claim.fingerprint,
      leaseUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS),
      clientIp: claim.origin?.clientIp ?? null,
      deviceId: claim.origin?.deviceId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { attempt: claimed, claimed: true };
  return { attempt: (await findAttempt(db, basketId, idempotencyKey))!, claimed: false };
}

export async function findAttempt(db: Db, basketId: number, idempotencyKey: string): Promise<OrderAttempt | null> {
  const [existing] = await db
    .select()
    .from(orderAttempts)
    .where(and(eq(orderAttempts.basketId, basketId), eq(orderAttempts.idempotencyKey, idempotencyKey)));
  return existing ?? null;
}

/** A repeat of the key asking for something else (attempts from before fingerprints match anything). */
export function keyReused(attempt: OrderAttempt, fingerprint: string): boolean {
  return attempt.requestFingerprint !== null && attempt.requestFingerprint !== fingerprint;
}

/** Whether the request that claimed the attempt has run out of time without finishing it. */
export function leaseExpired(attempt: OrderAttempt, now: Date): boolean {
  return attempt.status === "pending" && (attempt.leaseUntil ?? new Date(attempt.updatedAt.getTime() + ATTEMPT_LEASE_MS)) <= now;
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

/**
 * The gateway wants the shopper's action first: the attempt waits (status requires_action) with
 * the authorization's reference, the page to send the browser to and the validated placement.
 */
export async function awaitAction(db: Db, attemptId: number, action: { reference: string; url: string; placement: PendingPlacement; now: Date }): Promise<boolean> {
  const updated = await db
    .update(orderAttempts)
    .set({
      status: "requires_action",
      authorizationId: action.reference,
      actionUrl: action.url,
      pendingPlacement: action.placement,
      leaseUntil: new Date(action.now.getTime() + ACTION_LEASE_MS),
      updatedAt: action.now,
    })
    .where(and(eq(orderAttempts.id, attemptId), eq(orderAttempts.status, "pending")))
    .returning({ id: orderAttempts.id });
  return updated.length > 0;
}

/**
 * The shopper is back from the action: the one return that moves the attempt from requires_action
 * back to pending (with a fresh lease) finishes the order; every other return waits for its answer.
 */
export async function claimReturn(db: Db, attemptId: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(orderAttempts)
    .set({ status: "pending", leaseUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS), updatedAt: now })
    .where(and(eq(orderAttempts.id, attemptId), eq(orderAttempts.status, "requires_action")))
    .returning({ id: orderAttempts.id });
  return updated.length > 0;
}

export async function recordAuthorization(db: Db, attemptId: number, authorizationId: string, now: Date): Promise<void> {
  await db.update(orderAttempts).set({ authorizationId, updatedAt: now }).where(eq(orderAttempts.id, attemptId));
}

/**
 * The attempt placed `orderId`; `paidByAuthorization` when its own authorization pays for that
 * order. False when the attempt is no longer pending: the sweeper settled it after its lease ran out.
 */
export async function attemptSucceeded(db: Db, attemptId: number, orderId: number, now: Date, paidByAuthorization: boolean): Promise<boolean> {
  const updated = await db
    .update(orderAttempts)
    .set({ status: "succeeded", orderId, updatedAt: now, ...(paidByAuthorization ? { authorizationSettledAt: now } : {}) })
    .where(and(eq(orderAttempts.id, attemptId), eq(orderAttempts.status, "pending")))
    .returning({ id: orderAttempts.id });
  return updated.length > 0;
}

/**
 * The attempt failed with `error` (its answer to every repeat of the key). A pending attempt (or one
 * waiting for the shopper's action) only: an attempt the sweeper already settled keeps that answer. `authorizationId` is what the gateway
 * holds for it, when the attempt had not recorded it itself.
 */
export async function attemptFailed(db: Db, attemptId: number, error: OrderError, now: Date, authorizationId?: string): Promise<boolean> {
  const updated = await db
    .update(orderAttempts)
    .set({
      status: "failed",
      errorStatus: error.status,
      errorCode: error.code,
      errorMessage: error.message,
      updatedAt: now,
      ...(authorizationId ? { authorizationId } : {}),
    })
    .where(and(eq(orderAttempts.id, attemptId), inArray(orderAttempts.status, ["pending", "requires_action"])))
    .returning({ id: orderAttempts.id });
  return updated.length > 0;
}

export async function authorizationSettled(db: Db, attemptId: number, now: Date): Promise<void> {
  await db.update(orderAttempts).set({ authorizationSettledAt: now }).where(eq(orderAttempts.id, attemptId));
}

/**
 * Attempts still pending after their lease (the request that claimed them died or hung), and
 * attempts whose shopper never came back from the gateway's page in time.
 */
export async function abandonedAttempts(db: Db, now: Date): Promise<OrderAttempt[]> {
  const leaseOfOldAttempts = new Date(now.getTime() - ATTEMPT_LEASE_MS);
  return db
    .select()
    .from(orderAttempts)
    .where(
      or(
        and(
          eq(orderAttempts.status, "pending"),
          or(lt(orderAttempts.leaseUntil, now), and(isNull(orderAttempts.leaseUntil), lt(orderAttempts.updatedAt, leaseOfOldAttempts))),
        ),
        and(eq(orderAttempts.status, "requires_action"), lt(orderAttempts.leaseUntil, now)),
      ),
    );
}

/**
 * Finished attempts holding an authorization nothing accounts for, last touched before
 * `olderThan`: failed attempts whose void did not get through, and repeats whose basket another
 * request ordered while the void failed. (Pending ones are settled as abandoned first.)
 */
export async function unsettledAuthorizations(db: Db, olderThan: Date): Promise<OrderAttempt[]> {
  return db
    .select()
    .from(orderAttempts)
    .where(
      and(
        inArray(orderAttempts.status, ["succeeded", "failed"]),
        isNotNull(orderAttempts.authorizationId),
        isNull(orderAttempts.authorizationSettledAt),
        lt(orderAttempts.updatedAt, olderThan),
      ),
    );
}
