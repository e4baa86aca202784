import { hashToken, randomToken } from "../security/tokens";

/** A kind's session lifetimes (the kind's `sessions`). */
export interface SessionLifetimes {
  /** A session ends this long after its last activity. */
  idleMs: number;
  /** The idle lifetime of a "remember me" session, where the kind offers one. */
  rememberedIdleMs?: number;
  /** A session ends this long after sign-in whatever the activity; none when unset. */
  absoluteMs?: number;
  /** Activity extends the session at most this often (SESSION_RENEW_AFTER_MS when unset); keep it well under `idleMs`. */
  renewAfterMs?: number;
}

/** Activity extends a session at most this often, so reads do not write on every request. */
export const SESSION_RENEW_AFTER_MS = 60 * 60_000;

function expiryFrom(lifetimes: SessionLifetimes, createdAt: Date, now: Date, remembered: boolean): Date {
  const idle = remembered && lifetimes.rememberedIdleMs !== undefined ? lifetimes.rememberedIdleMs : lifetimes.idleMs;
  const end = now.getTime() + idle;
  return new Date(lifetimes.absoluteMs === undefined ? end : Math.min(end, createdAt.getTime() + lifetimes.absoluteMs));
}

/** A new session: the random token for the cookie, and the row to store (its id is the token's hash). */
export function newSession(lifetimes: SessionLifetimes, now: Date, remembered = false) {
  const token = randomToken();
  return { token, row: { id: hashToken(token), createdAt: now, lastSeenAt: now, expiresAt: expiryFrom(lifetimes, now, now, remembered) } };
}

/** The id a cookie's token is stored under. */
export const sessionIdOf = hashToken;

/**
 * What to store after activity on a live session: null while it was seen within the renewal
 * interval; otherwise a new last-seen time and an expiry pushed out (never past the absolute end).
 */
export function renewedSession(
  lifetimes: SessionLifetimes,
  session: { createdAt: Date; lastSeenAt: Date; remembered?: boolean },
  now: Date,
): { lastSeenAt: Date; expiresAt: Date } | null {
  if (now.getTime() - session.lastSeenAt.getTime() <= (lifetimes.renewAfterMs ?? SESSION_RENEW_AFTER_MS)) return null;
  return { lastSeenAt: now, expiresAt: expiryFrom(lifetimes, session.createdAt, now, session.remembered ?? false) };
}
