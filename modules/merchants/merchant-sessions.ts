import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { merchants } from "../catalog/schema";
import { newSession, renewedSession, sessionIdOf } from "../sign-in/sessions";
import { merchantSessions, type MerchantUserRole, merchantUsers } from "./schema";

/** A portal session lasts a working day from the last activity (docs/decisions/after-sale-merchant-portal.md). */
export const MERCHANT_SESSION_LIFETIME_MS = 12 * 60 * 60_000;
/** The portal's lifetimes as the sign-in core reads them (idle only). */
export const MERCHANT_SESSION_LIFETIMES = { idleMs: MERCHANT_SESSION_LIFETIME_MS };

/** The signed-in merchant user as the portal sees them. */
export interface MerchantUserSummary {
  id: number;
  merchantId: number;
  merchantName: string;
  name: string;
  email: string;
  /** `redeem_only` people reach only the till and the redemptions list. */
  role: MerchantUserRole;
}

export async function startMerchantSession(db: Db, clock: Clock, merchantUserId: number): Promise<{ token: string; id: string }> {
  const { token, row } = newSession(MERCHANT_SESSION_LIFETIMES, clock.now());
  await db.insert(merchantSessions).values({ ...row, merchantUserId });
  return { token, id: row.id };
}

/** The live session for a cookie value, with its user; null when unknown, expired or revoked. */
export async function findMerchantSession(db: Db, clock: Clock, token: string): Promise<{ id: string; user: MerchantUserSummary } | null> {
  const now = clock.now();
  const [row] = await db
    .select({
      id: merchantSessions.id,
      createdAt: merchantSessions.createdAt,
      lastSeenAt: merchantSessions.lastSeenAt,
      user: { id: merchantUsers.id, merchantId: merchantUsers.merchantId, merchantName: merchants.displayName, name: merchantUsers.name, email: merchantUsers.email, role: merchantUsers.role },
    })
    .from(merchantSessions)
    .innerJoin(merchantUsers, eq(merchantUsers.id, merchantSessions.merchantUserId))
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(and(eq(merchantSessions.id, sessionIdOf(token)), gt(merchantSessions.expiresAt, now)));
  if (!row) return null;
  const renewed = renewedSession(MERCHANT_SESSION_LIFETIMES, row, now);
  if (renewed) await db.update(merchantSessions).set(renewed).where(eq(merchantSessions.id, row.id));
  return { id: row.id, user: row.user };
}

export async function revokeMerchantSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(merchantSessions).where(eq(merchantSessions.id, sessionId));
}

export async function pruneExpiredMerchantSessions(db: Db, clock: Clock): Promise<number> {
  const removed = await db.delete(merchantSessions).where(lte(merchantSessions.expiresAt, clock.now())).returning({ id: merchantSessions.id });
  return removed.length;
}
