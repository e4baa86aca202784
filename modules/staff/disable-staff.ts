import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { keepAnOwner, lockMember } from "./lock-member";
import { recordStaffChange } from "./record-staff-change";
import { staffSessions, staffUsers } from "./schema";
import type { StaffActor } from "./staff-actor";

/** Switches a member off: sign-in refused from now on and every session ended, audited in the same transaction. */
export async function disableStaff(db: Db, clock: Clock, actor: StaffActor, input: { staffUserId: number; reason?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, actor, input.staffUserId);
    if (member.disabledAt) return;
    await keepAnOwner(tx, member);
    const now = clock.now();
    await tx.update(staffUsers).set({ disabledAt: now }).where(eq(staffUsers.id, member.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, member.id));
    await recordStaffChange(tx, clock, actor, { action: "staff.disable", entity: { type: "staff_user", id: member.id }, before: { disabledAt: null }, after: { disabledAt: now.toISOString() }, reason: input.reason });
  });
}
