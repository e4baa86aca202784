import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { hashToken, randomToken } from "../security/tokens";
import { type CustomerSummary, toSummary } from "./customers";
import { customers, sessions } from "./schema";

const DAY_MS = 86_400_000;

/**
 * Session lifetimes (spec §9: session 1 day, or 365 days): a plain sign-in lasts a day from the
 * last activity; "remember me" keeps the customer signed in for a year.
 */
export const SESSION_LIFETIME_MS = { standard: DAY_MS, rememberMe: 365 * DAY_MS } as const;

/** Activity extends a session at most this often, so reads do not write on every request. */
const RENEW_AFTER_MS = 60 * 60_000;

export interface StartedSession {
  /** The random value for the cookie; only its hash is stored. */
  token: string;
  id: string;
  expiresAt: Date;
  rememberMe: boolean;
}

export interface ActiveSession {
  id: string;
  rememberMe: boolean;
  expiresAt: Date;
  customer: CustomerSummary;
}

function lifetime(rememberMe: boolean): number {
  return rememberMe ? SESSION_LIFETIME_MS.rememberMe : SESSION_LIFETIME_MS.standard;
}

export async function startSession(
  db: Db,
  clock: Clock,
  input: { customerId: number; brand: BrandId; rememberMe: boolean },
): Promise<StartedSession> {
  const token = randomToken();
  const id = hashToken(token);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + lifetime(input.rememberMe));
  await db.insert(sessions).values({
    id,
    customerId: input.customerId,
    brand: input.brand,
    rememberMe: input.rememberMe,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, id, expiresAt, rememberMe: input.rememberMe };
}

/**
 * The live session for a cookie value on this brand, with its customer; null when the token is
 * unknown, expired, revoked, of another brand, or its account was deleted.
 */
export async function findActiveSession(db: Db, clock: Clock, token: string, brand: BrandId): Promise<ActiveSession | null> {
  const now = clock.now();
  const [row] = await db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.id, hashToken(token)), eq(sessions.brand, brand), gt(sessions.expiresAt, now), eq(customers.status, "active")));
  if (!row) return null;
  let expiresAt = row.session.expiresAt;
  if (now.getTime() - row.session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    expiresAt = new Date(now.getTime() + lifetime(row.session.rememberMe));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.session.id));
  }
  return { id: row.session.id, rememberMe: row.session.rememberMe, expiresAt, customer: toSummary(row.customer, now) };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a customer out everywhere (password change or reset, account deletion). */
export async function revokeCustomerSessions(db: Db, customerId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.customerId, customerId));
}

export async function pruneExpiredSessions(db: Db, clock: Clock): Promise<number> {
  const removed = await db.delete(sessions).where(lte(sessions.expiresAt, clock.now())).returning({ id: sessions.id });
  return removed.length;
}
