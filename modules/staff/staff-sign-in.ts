import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { accountsIn } from "../sign-in/account-table";
import { authenticateAs } from "../sign-in/authenticate";
import type { SignInKind } from "../sign-in/kind";
import { staffError } from "./errors";
import { staffUsers } from "./schema";

/** Idle 30 minutes, absolute 12 hours (issue 25; docs/decisions/staff-sign-in.md); activity renews at most once a minute. */
export const STAFF_SESSION_LIFETIMES = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000, renewAfterMs: 60_000 };

/**
 * Staff as the third kind of user of the sign-in core: argon2id, decoy check, the shared lockout,
 * their own rate limit, short sessions, and a TOTP second factor that is required, except in the
 * demo (`optional`: a member without an authenticator, such as the demo owner, signs in with the
 * password alone).
 */
export function staffSignIn(options: { demo: boolean }): SignInKind<typeof staffUsers.$inferSelect> {
  return {
    name: "staff",
    ...accountsIn<typeof staffUsers.$inferSelect>(staffUsers),
    refusal: (reason) => staffError(reason === "locked" ? "ACCOUNT_LOCKED" : "INVALID_CREDENTIALS"),
    sessions: STAFF_SESSION_LIFETIMES,
    rateLimits: { signIn: "staffLogin" },
    secondFactor: options.demo ? "optional" : "required",
  };
}

/** Checks a member of staff's email and password; a disabled account is refused after the check (so the password is not guessable through it). */
export async function authenticateStaff(
  db: Db,
  clock: Clock,
  credentials: { email: string; password: string },
  options: { demo: boolean },
): Promise<{ staffUserId: number }> {
  const user = await authenticateAs(staffSignIn(options), db, clock, { ...credentials, scope: undefined });
  if (user.disabledAt) throw staffError("ACCOUNT_DISABLED");
  return { staffUserId: user.id };
}
