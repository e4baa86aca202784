import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { accountsIn } from "../sign-in/account-table";
import { authenticateAs } from "../sign-in/authenticate";
import type { SignInKind } from "../sign-in/kind";
import { merchantError } from "./errors";
import { MERCHANT_SESSION_LIFETIMES } from "./merchant-sessions";
import { merchantUsers } from "./schema";

/**
 * Merchant users as a kind of user that signs in: the shoppers' protections (argon2id, a decoy
 * check for unknown emails and for users who have not accepted their invitation yet, lockout), a
 * working-day session, their own rate limit, no second factor yet.
 */
export const MERCHANT_SIGN_IN: SignInKind<typeof merchantUsers.$inferSelect> = {
  name: "merchant",
  ...accountsIn<typeof merchantUsers.$inferSelect>(merchantUsers),
  refusal: (reason) => merchantError(reason === "locked" ? "ACCOUNT_LOCKED" : "INVALID_CREDENTIALS"),
  sessions: MERCHANT_SESSION_LIFETIMES,
  rateLimits: { signIn: "merchantLogin" },
  secondFactor: "none",
};

/** Checks a merchant user's email and password (the sign-in core with the merchant kind). */
export async function authenticateMerchantUser(db: Db, clock: Clock, credentials: { email: string; password: string }): Promise<{ merchantUserId: number }> {
  const user = await authenticateAs(MERCHANT_SIGN_IN, db, clock, { ...credentials, scope: undefined });
  return { merchantUserId: user.id };
}
