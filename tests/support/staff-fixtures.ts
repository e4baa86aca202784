import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../modules/sign-in/password-hash";
import { staffUsers, type StaffRole } from "../../modules/staff/schema";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { PageApp } from "./page-app";
import { TestBrowser } from "./test-browser";

/** A member with a password and no authenticator, for tests (the real way in is an invitation). */
export async function insertStaffMember(db: Db, clock: Clock, input: { email: string; role: StaffRole; password?: string; name?: string }): Promise<number> {
  const [row] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name ?? input.email.split("@")[0], role: input.role, passwordHash: input.password ? await hashPassword(input.password) : null, createdAt: clock.now() })
    .returning({ id: staffUsers.id });
  return row.id;
}

/** A browser signed in to the back office as a new member of `role`, second factor passed, from its own address. */
export async function signedInStaff(app: PageApp, db: Db, clock: Clock, member: { role: StaffRole; name: string; ip: string }): Promise<TestBrowser> {
  const id = await insertStaffMember(db, clock, { email: `${member.role}-${member.ip}@example.com`, role: member.role, name: member.name });
  const session = await startStaffSession(db, clock, id, null);
  await passSecondFactor(db, clock, session.id);
  const browser = new TestBrowser(app, { ip: member.ip });
  browser.cookies.set("staffSession", session.token);
  return browser;
}
