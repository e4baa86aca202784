import { afterFailedLogin, CLEARED_LOGIN_FAILURES, isLocked, type LoginFailureState } from "./lockout";
import { verifyDecoyPassword, verifyPassword } from "./password-hash";

/** An account that signs in with a password and locks after wrong ones (a shopper, a merchant user, staff). */
export interface LockableAccount extends LoginFailureState {
  passwordHash: string | null;
  /** Stores the cleared failure state after a right password. */
  clearFailures(cleared: LoginFailureState): Promise<unknown>;
  /** Counts one wrong password under a row lock (simultaneous wrong guesses each count); answers the new state. */
  countFailure(next: (current: LoginFailureState) => LoginFailureState): Promise<LoginFailureState>;
}

export type PasswordCheck = "ok" | "invalid" | "locked";

/**
 * The one password check shoppers and merchant users share (docs/decisions/accounts-lockout-and-rate-limits.md):
 * an unknown account, or one with no password, spends the time of a real check (no enumeration by
 * timing); a locked account is refused even with the right password until the lock ends; wrong
 * passwords count towards the lockout and a right one clears it.
 */
export async function checkPassword(account: LockableAccount | null, password: string, now: Date): Promise<PasswordCheck> {
  if (!account) {
    await verifyDecoyPassword(password);
    return "invalid";
  }
  if (isLocked(account, now)) return "locked";
  const matches = account.passwordHash ? await verifyPassword(account.passwordHash, password) : await verifyDecoyPassword(password);
  if (matches) {
    if (account.failedLoginCount > 0 || account.lockedUntil) await account.clearFailures(CLEARED_LOGIN_FAILURES);
    return "ok";
  }
  const next = await account.countFailure((current) => afterFailedLogin(current, now));
  return isLocked(next, now) ? "locked" : "invalid";
}
