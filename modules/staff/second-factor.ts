import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { verifyPassword } from "../sign-in/password-hash";
import { verifyTotp } from "../sign-in/totp";
import { staffError } from "./errors";
import { staffRecoveryCodes, staffUsers } from "./schema";

const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

/**
 * The second step of signing in: a code from the authenticator (never one of a step already used:
 * the step is stored under a guard, so two simultaneous uses of one code cannot both pass) or a
 * recovery code (each works once). Answers how it was passed.
 */
export async function checkStaffSecondFactor(db: Db, clock: Clock, staffUserId: number, typed: string): Promise<"totp" | "recovery-code"> {
  const [user] = await db.select({ secret: staffUsers.totpSecret, lastStep: staffUsers.totpLastUsedStep }).from(staffUsers).where(eq(staffUsers.id, staffUserId));
  if (!user?.secret) throw staffError("INVALID_CODE");
  if (/^\s*\d[\d\s]*$/.test(typed)) {
    const check = verifyTotp(new Uint8Array(Buffer.from(user.secret, "base64")), typed, clock.now(), user.lastStep);
    if (!check.ok) throw staffError(check.reason === "reused" ? "CODE_REUSED" : "INVALID_CODE");
    const [stored] = await db
      .update(staffUsers)
      .set({ totpLastUsedStep: check.usedStep })
      .where(and(eq(staffUsers.id, staffUserId), or(isNull(staffUsers.totpLastUsedStep), lt(staffUsers.totpLastUsedStep, check.usedStep))))
      .returning({ id: staffUsers.id });
    if (!stored) throw staffError("CODE_REUSED");
    return "totp";
  }
  const code = normalizeRecovery(typed);
  if (code.length !== 10) throw staffError("INVALID_CODE");
  const unused = await db
    .select({ id: staffRecoveryCodes.id, hash: staffRecoveryCodes.codeHash })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffUserId, staffUserId), isNull(staffRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.hash, code))) continue;
    const [spent] = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: clock.now() })
      .where(and(eq(staffRecoveryCodes.id, row.id), isNull(staffRecoveryCodes.usedAt)))
      .returning({ id: staffRecoveryCodes.id });
    if (spent) return "recovery-code";
  }
  throw staffError("INVALID_CODE");
}
