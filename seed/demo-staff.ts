import type { Db } from "../db/client";
import { hashPassword } from "../modules/sign-in/password-hash";
import { staffUsers } from "../modules/staff/schema";

/** The demo's back-office owner, named in the README and on the demo bar (docs/decisions/staff-demo-owner.md). */
export const DEMO_OWNER = { email: "owner@example.com", password: "Demo-Owner-2026!", name: "Demo Owner" } as const;

/**
 * Seeds the demo owner once, without an authenticator: in the demo the second factor is optional,
 * so a newcomer opens /admin with the password alone. Only ever called when the demo flag is on.
 */
export async function ensureDemoOwner(db: Db, now: Date): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  const added = await db
    .insert(staffUsers)
    .values({ email: DEMO_OWNER.email, name: DEMO_OWNER.name, role: "owner", passwordHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return added.length > 0;
}
