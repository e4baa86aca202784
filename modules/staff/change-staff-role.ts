import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { keepAnOwner, lockMember } from "./lock-member";
import { recordStaffChange } from "./record-staff-change";
import { staffUsers, type StaffRole } from "./schema";
import type { StaffActor } from "./staff-actor";

/** Gives a member another role (never one's own, never the last owner's), audited in the same transaction. */
export async function changeStaffRole(db: Db, clock: Clock, actor: StaffActor, input: { staffUserId: number; role: StaffRole; reason?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, actor, input.staffUserId);
    if (member.role === input.role) return;
    await keepAnOwner(tx, member);
    await tx.update(staffUsers).set({ role: input.role }).where(eq(staffUsers.id, member.id));
    await recordStaffChange(tx, clock, actor, { action: "staff.role-change", entity: { type: "staff_user", id: member.id }, before: { role: member.role }, after: { role: input.role }, reason: input.reason });
  });
}
