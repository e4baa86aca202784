import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { newSession, renewedSession, sessionIdOf } from "../sign-in/sessions";
import { staffSessions, staffUsers, type StaffRole } from "./schema";
import { STAFF_SESSION_LIFETIMES } from "./staff-sign-in";

/** The signed-in member of staff as the back office sees them. */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  totpEnrolled: boolean;
}

export interface StaffSession {
  id: string;
  /** When the second factor was passed on this session; null until then. */
  secondFactorAt: Date | null;
  member: StaffMember;
}

export async function startStaffSession(db: Db, clock: Clock, staffUserId: number, ip: string | null): Promise<{ token: string; id: string }> {
  const { token, row } = newSession(STAFF_SESSION_LIFETIMES, clock.now());
  await db.insert(staffSessions).values({ ...row, staffUserId, ip });
  return { token, id: row.id };
}

/**
 * The live session for a cookie value, with its member; null when unknown, expired (30 minutes
 * idle, 12 hours after sign-in), or its member disabled. Activity pushes the idle end out, never
 * past the absolute end; renewal writes at most once a minute.
 */
export async function findStaffSession(db: Db, clock: Clock, token: string): Promise<StaffSession | null> {
  const now = clock.now();
  const [row] = await db
    .select({
      id: staffSessions.id,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      secondFactorAt: staffSessions.secondFactorAt,
      disabledAt: staffUsers.disabledAt,
      totpEnrolledAt: staffUsers.totpEnrolledAt,
      member: { id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, role: staffUsers.role },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(and(eq(staffSessions.id, sessionIdOf(token)), gt(staffSessions.expiresAt, now)));
  if (!row || row.disabledAt) return null;
  const renewed = renewedSession(STAFF_SESSION_LIFETIMES, row, now);
  if (renewed) await db.update(staffSessions).set(renewed).where(eq(staffSessions.id, row.id));
  return { id: row.id, secondFactorAt: row.secondFactorAt, member: { ...row.member, totpEnrolled: row.totpEnrolledAt !== null } };
}

/** Marks the second factor as passed on this session. */
export async function passSecondFactor(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ secondFactorAt: clock.now() }).where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Sign out everywhere: every session of the member, on every browser. */
export async function revokeAllStaffSessions(db: Db, staffUserId: number): Promise<number> {
  const removed = await db.delete(staffSessions).where(eq(staffSessions.staffUserId, staffUserId)).returning({ id: staffSessions.id });
  return removed.length;
}

export async function pruneExpiredStaffSessions(db: Db, clock: Clock): Promise<number> {
  const removed = await db.delete(staffSessions).where(lte(staffSessions.expiresAt, clock.now())).returning({ id: staffSessions.id });
  return removed.length;
}
