import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { newSession, renewedSession, sessionIdOf } from "../sign-in/sessions";
import { type CustomerSummary, toSummary } from "./customers";
import { customers, sessions } from "./schema";

const DAY_MS = 86_400_000;

/**
 * Session lifetimes (spec §9: session 1 day, or 365 days): a plain sign-in lasts a day from the
 * last activity; "remember me" keeps the customer signed in for a year.
 */
export const SESSION_LIFETIME_MS = { standard: DAY_MS, rememberMe: 365 * DAY_MS } as const;

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

/** The shopper's lifetimes as the sign-in core reads them (no absolute end). */
export const SHOPPER_SESSION_LIFETIMES = { idleMs: SESSION_LIFETIME_MS.standard, rememberedIdleMs: SESSION_LIFETIME_MS.rememberMe };

export async function startSession(
  db: Db,
  clock: Clock,
  input: { customerId: number; brand: BrandId; rememberMe: boolean },
): Promise<StartedSession> {
  const { token, row } = newSession(SHOPPER_SESSION_LIFETIMES, clock.now(), input.rememberMe);
  await db.insert(sessions).values({ ...row, customerId: input.customerId, brand: input.brand, rememberMe: input.rememberMe });
  return { token, id: row.id, expiresAt: row.expiresAt, rememberMe: input.rememberMe };
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
    .where(and(eq(sessions.id, sessionIdOf(token)), eq(sessions.brand, brand), gt(sessions.expiresAt, now), eq(customers.status, "active")));
  if (!row) return null;
  const renewed = renewedSession(SHOPPER_SESSION_LIFETIMES, { ...row.session, remembered: row.session.rememberMe }, now);
  if (renewed) await db.update(sessions).set(renewed).where(eq(sessions.id, row.session.id));
  const expiresAt = renewed?.expiresAt ?? row.session.expiresAt;
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
