import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { lockoutIn } from "../sign-in/account-table";
import { authenticateAs } from "../sign-in/authenticate";
import type { SignInKind } from "../sign-in/kind";
import { type CustomerRow, type CustomerSummary, findActiveCustomerByEmail, toSummary } from "./customers";
import { AccountError } from "./errors";
import { customers } from "./schema";
import { SHOPPER_SESSION_LIFETIMES } from "./sessions";

/** Shoppers as a kind of user that signs in: per brand, active accounts only, "remember me", no second factor. */
export const SHOPPER_SIGN_IN: SignInKind<CustomerRow, BrandId> = {
  name: "shopper",
  findByEmail: (db, email, brand) => findActiveCustomerByEmail(db, brand, email),
  ...lockoutIn(customers),
  refusal: (reason) => new AccountError(reason === "locked" ? "ACCOUNT_LOCKED" : "INVALID_CREDENTIALS"),
  sessions: SHOPPER_SESSION_LIFETIMES,
  rateLimits: { signIn: "login" },
  secondFactor: "none",
};

/**
 * Checks an email and password. Wrong passwords count towards the lockout; a locked account is
 * refused with the lock message even with the right password, until the lock ends or a reset.
 */
export async function authenticate(
  db: Db,
  clock: Clock,
  credentials: { brand: BrandId; email: string; password: string },
): Promise<CustomerSummary> {
  return toSummary(await authenticateAs(SHOPPER_SIGN_IN, db, clock, { email: credentials.email, password: credentials.password, scope: credentials.brand }));
}
