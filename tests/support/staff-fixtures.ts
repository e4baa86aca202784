import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../modules/sign-in/password-hash";
import { staffUsers, type StaffRole } from "../../modules/staff/schema";

/** A member with a password and no authenticator, for tests (the real way in is an invitation). */
export async function insertStaffMember(db: Db, clock: Clock, input: { email: string; role: StaffRole; password?: string; name?: string }): Promise<number> {
  const [row] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name ?? input.email.split("@")[0], role: input.role, passwordHash: input.password ? await hashPassword(input.password) : null, createdAt: clock.now() })
    .returning({ id: staffUsers.id });
  return row.id;
}
