import type { Db } from "../../db/client";
import type { LoginFailureState } from "./lockout";
import type { SessionLifetimes } from "./sessions";

/** What the core needs of one user's row: its id, password hash and lockout fields. */
export interface SignInAccount extends LoginFailureState {
  id: number;
  passwordHash: string | null;
}

/**
 * A kind of user that signs in (shopper, merchant user, staff): everything that differs between
 * them, as configuration (docs/decisions/sign-in-core.md). The core (`authenticate.ts`) does the
 * rest: the decoy check, lockout, and the refusal messages the kind chooses.
 */
export interface SignInKind<Account extends SignInAccount, Scope = undefined> {
  /** For logs and rate-limit keys: "shopper", "merchant", "staff". */
  readonly name: string;
  /** The account an email names within a scope (a shopper's brand), or null; unknown and unusable look alike. */
  findByEmail(db: Db, email: string, scope: Scope): Promise<Account | null>;
  /** The lockout fields of one row, read under a row lock inside `tx` (simultaneous wrong guesses each count). */
  lockFailures(tx: Db, id: number): Promise<LoginFailureState>;
  /** Stores the lockout fields of one row. */
  saveFailures(db: Db, id: number, state: LoginFailureState): Promise<unknown>;
  /** The kind's own refusal (its error catalogue): wrong email or password, or locked. */
  refusal(reason: "invalid" | "locked"): Error;
  /** How long a session lives: idle (from the last activity) and, if set, absolute (from sign-in). */
  readonly sessions: SessionLifetimes;
  /** Names of the rate-limit policies (server/security/rate-limits.ts) the sign-in form counts against. */
  readonly rateLimits: { readonly signIn: string };
  /** Whether a second factor (TOTP, `totp.ts`; recovery codes, `recovery-codes.ts`) must follow the password. */
  readonly secondFactor: "none" | "optional" | "required";
}
