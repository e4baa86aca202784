import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { recordAudit } from "../audit/record-audit";
import { hashPassword } from "../sign-in/password-hash";
import { CLEARED_LOGIN_FAILURES } from "../sign-in/lockout";
import { hashToken } from "../security/tokens";
import { staffError } from "./errors";
import { staffInvitations, staffRecoveryCodes, staffSessions, staffUsers } from "./schema";

function usable(token: string, now: Date) {
  return and(eq(staffInvitations.tokenHash, hashToken(token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now));
}

/** Who an invitation is for while it still works (shown above the form); null otherwise. */
export async function findStaffInvitation(db: Db, clock: Clock, token: string): Promise<{ name: string; email: string } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ name: staffUsers.name, email: staffUsers.email })
    .from(staffInvitations)
    .innerJoin(staffUsers, eq(staffUsers.id, staffInvitations.staffUserId))
    .where(and(usable(token, clock.now()), isNull(staffUsers.disabledAt)));
  return row ?? null;
}

/**
 * Accepting an invitation sets the password (already checked against the shop's rules), spends the
 * link (single use), and clears the authenticator and recovery codes: the member enrols a new one
 * straight after, on the session this starts. Earlier sessions end. Audited as the member's own act.
 */
export async function acceptStaffInvitation(db: Db, clock: Clock, input: { token: string; password: string; ip?: string | null; requestId?: string | null }): Promise<{ staffUserId: number }> {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [spent] = await tx.update(staffInvitations).set({ usedAt: now }).where(usable(input.token, now)).returning({ staffUserId: staffInvitations.staffUserId });
    if (!spent) throw staffError("INVITATION_EXPIRED");
    const [user] = await tx
      .update(staffUsers)
      .set({ passwordHash, ...CLEARED_LOGIN_FAILURES, totpSecret: null, totpLastUsedStep: null, totpEnrolledAt: null })
      .where(and(eq(staffUsers.id, spent.staffUserId), isNull(staffUsers.disabledAt)))
      .returning({ id: staffUsers.id, name: staffUsers.name, role: staffUsers.role });
    if (!user) throw staffError("INVITATION_EXPIRED");
    await recordAudit(
      tx,
      {
        actor: { staffUserId: user.id, name: user.name, role: user.role },
        action: "staff.invitation-accepted",
        entity: { type: "staff_user", id: user.id },
        before: null,
        after: { passwordChosen: true },
        ip: input.ip,
        requestId: input.requestId,
      },
      clock,
    );
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, user.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, user.id));
    return { staffUserId: user.id };
  });
}
