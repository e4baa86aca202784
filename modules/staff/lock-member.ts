import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffError } from "./errors";
import { staffUsers } from "./schema";
import type { StaffActor } from "./staff-actor";

export type StaffRow = typeof staffUsers.$inferSelect;

/** The member a change is about, under a row lock; refused when unknown or when it is the actor. */
export async function lockMember(tx: Db, actor: StaffActor, staffUserId: number): Promise<StaffRow> {
  if (actor.staffUserId === staffUserId) throw staffError("NOT_YOURSELF");
  const [member] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffUserId)).for("update");
  if (!member) throw staffError("UNKNOWN_STAFF");
  return member;
}

/** Refuses a change that would leave no active owner (the back office would have nobody to manage staff). */
export async function keepAnOwner(tx: Db, member: StaffRow): Promise<void> {
  if (member.role !== "owner" || member.disabledAt) return;
  const [others] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt), ne(staffUsers.id, member.id)));
  if (others.count === 0) throw staffError("LAST_OWNER");
}
