import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { CLEARED_LOGIN_FAILURES } from "../sign-in/lockout";
import { hashPassword } from "../accounts/passwords";
import { merchants } from "../catalog/schema";
import { hashToken } from "../security/tokens";
import { merchantError } from "./errors";
import { merchantInvitations, merchantSessions, merchantUsers } from "./schema";

function usable(token: string, now: Date) {
  return and(eq(merchantInvitations.tokenHash, hashToken(token)), isNull(merchantInvitations.usedAt), gt(merchantInvitations.expiresAt, now));
}

/** Who an invitation is for, while it still works (the page shows it above the form); null otherwise. */
export async function findUsableInvitation(db: Db, clock: Clock, token: string): Promise<{ name: string; email: string; merchantName: string } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ name: merchantUsers.name, email: merchantUsers.email, merchantName: merchants.displayName })
    .from(merchantInvitations)
    .innerJoin(merchantUsers, eq(merchantUsers.id, merchantInvitations.merchantUserId))
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(usable(token, clock.now()));
  return row ?? null;
}

/**
 * Accepting an invitation sets the merchant user's password (already checked against the shoppers'
 * rules): single use, and it also unlocks the account and signs out any earlier sessions.
 */
export async function acceptInvitation(db: Db, clock: Clock, input: { token: string; password: string }): Promise<{ merchantUserId: number }> {
  // Hashing takes a while: before the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(merchantInvitations)
      .set({ usedAt: now })
      .where(usable(input.token, now))
      .returning({ merchantUserId: merchantInvitations.merchantUserId });
    if (!spent) throw merchantError("INVITATION_EXPIRED");
    await tx
      .update(merchantUsers)
      .set({ passwordHash, ...CLEARED_LOGIN_FAILURES })
      .where(eq(merchantUsers.id, spent.merchantUserId));
    await tx.delete(merchantSessions).where(eq(merchantSessions.merchantUserId, spent.merchantUserId));
    return { merchantUserId: spent.merchantUserId };
  });
}
