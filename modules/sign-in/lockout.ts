/**
 * Lockout rules (docs/decisions/accounts-lockout-and-rate-limits.md): five wrong passwords within
 * 30 minutes lock the account for 30 minutes; a successful login or a password reset clears it.
 */
export const LOCKOUT_THRESHOLD = 5;
export const FAILURE_WINDOW_MS = 30 * 60_000;
export const LOCK_DURATION_MS = 30 * 60_000;

export interface LoginFailureState {
  failedLoginCount: number;
  lastFailedLoginAt: Date | null;
  lockedUntil: Date | null;
}

export function isLocked(state: Pick<LoginFailureState, "lockedUntil">, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** The state after one more wrong password: counted within the window, locking at the threshold. */
export function afterFailedLogin(state: LoginFailureState, now: Date): LoginFailureState {
  const recent = state.lastFailedLoginAt !== null && now.getTime() - state.lastFailedLoginAt.getTime() < FAILURE_WINDOW_MS;
  const failedLoginCount = recent ? state.failedLoginCount + 1 : 1;
  if (failedLoginCount >= LOCKOUT_THRESHOLD) {
    return { failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS) };
  }
  return { failedLoginCount, lastFailedLoginAt: now, lockedUntil: null };
}

export const CLEARED_LOGIN_FAILURES: LoginFailureState = { failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: null };
