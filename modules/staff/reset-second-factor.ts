import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { staffError } from "./errors";
import { issueInvitation, type StaffInvitation } from "./invite-staff";
import { lockMember } from "./lock-member";
import { recordStaffChange } from "./record-staff-change";
import { staffRecoveryCodes, staffSessions, staffUsers } from "./schema";
import type { StaffActor } from "./staff-actor";

/**
 * A member lost their authenticator and recovery codes: the authenticator is cleared, their
 * sessions end, and a new invitation link lets them choose a password and enrol again. Audited.
 */
export async function resetStaffSecondFactor(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: { staffUserId: number; reason?: string | null; brand: BrandId; linkOrigin: string },
): Promise<StaffInvitation> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, actor, input.staffUserId);
    if (member.disabledAt) throw staffError("ACCOUNT_DISABLED");
    await tx.update(staffUsers).set({ totpSecret: null, totpLastUsedStep: null, totpEnrolledAt: null }).where(eq(staffUsers.id, member.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, member.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, member.id));
    const invitation = await issueInvitation(tx, clock, member.id, { email: member.email, name: member.name, role: member.role, brand: input.brand, linkOrigin: input.linkOrigin });
    await recordStaffChange(tx, clock, actor, {
      action: "staff.second-factor-reset",
      entity: { type: "staff_user", id: member.id },
      before: { totpEnrolledAt: member.totpEnrolledAt?.toISOString() ?? null },
      after: { totpEnrolledAt: null },
      reason: input.reason,
    });
    return invitation;
  });
}
