/**
 * Email verification (docs/decisions/accounts-welcome-email.md): registration sends a welcome with
 * a single-use link (stored hashed, 7 days); /verify-email spends it and marks the address verified.
 * An unverified account can do everything; My account reminds it and sends a new link on request.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { findActiveCustomer } from "./customers";
import { EMAIL_VERIFY_LINK_DAYS, emailVerificationEmail, welcomeEmail } from "./emails";
import { AccountError } from "./errors";
import { issueAccountLink, spendAccountLink } from "./password-links";
import { accountTokens, customers } from "./schema";
import { normalizeEmail } from "./validation";

export const EMAIL_VERIFY_PATH = "/verify-email";
const EMAIL_VERIFY_LINK_LIFETIME_MS = EMAIL_VERIFY_LINK_DAYS * 24 * 60 * 60_000;

type Addressee = Pick<typeof customers.$inferSelect, "id" | "brand" | "email" | "firstName" | "emailVerifiedAt">;

/**
 * A fresh link for the account's current address, in the caller's transaction. Earlier unused links
 * die, so only the newest works and no link verifies an address it was not sent to.
 */
async function newVerifyUrl(tx: Db, clock: Clock, customerId: number, linkOrigin: string): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, "email_verify"), isNull(accountTokens.usedAt)));
  return issueAccountLink(tx, clock, { customerId, purpose: "email_verify", lifetimeMs: EMAIL_VERIFY_LINK_LIFETIME_MS, pageUrl: `${linkOrigin}${EMAIL_VERIFY_PATH}` });
}

/** The welcome of a new account, in its registration's transaction (with a link unless already verified). */
export async function sendWelcome(tx: Db, clock: Clock, input: { customer: Addressee; linkOrigin: string }): Promise<void> {
  const { customer } = input;
  const verifyUrl = customer.emailVerifiedAt ? null : await newVerifyUrl(tx, clock, customer.id, input.linkOrigin);
  const mail = welcomeEmail({ brand: customer.brand, to: customer.email, firstName: customer.firstName, verifyUrl, accountUrl: `${input.linkOrigin}/myaccount` });
  await enqueue(tx, mail, clock);
}

/** A new link to the account's current address (after the email changed, or asked for in My account). */
export async function sendVerificationLink(tx: Db, clock: Clock, input: { customer: Addressee; linkOrigin: string }): Promise<void> {
  const { customer } = input;
  const verifyUrl = await newVerifyUrl(tx, clock, customer.id, input.linkOrigin);
  await enqueue(tx, emailVerificationEmail({ brand: customer.brand, to: customer.email, firstName: customer.firstName, verifyUrl }), clock);
}

/** My account's "Send a new link": false when the address is verified already (nothing is sent). */
export async function requestVerificationLink(db: Db, clock: Clock, input: { customerId: number; linkOrigin: string }): Promise<boolean> {
  const customer = await findActiveCustomer(db, input.customerId);
  if (!customer) throw new AccountError("NOT_SIGNED_IN");
  if (customer.emailVerifiedAt) return false;
  await db.transaction((tx) => sendVerificationLink(tx, clock, { customer, linkOrigin: input.linkOrigin }));
  return true;
}

/** Spends a verification link and marks the address verified; a used or expired link is refused. */
export async function verifyEmail(db: Db, clock: Clock, token: string): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const customerId = await spendAccountLink(tx, now, token, "email_verify");
    if (customerId === null) throw new AccountError("LINK_EXPIRED");
    const verified = await tx
      .update(customers)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(customers.id, customerId), eq(customers.status, "active")))
      .returning({ id: customers.id });
    if (verified.length === 0) throw new AccountError("LINK_EXPIRED");
  });
}

/** Google vouches for this address (its `email_verified` claim): the account's own address counts as verified. */
export async function markVerifiedByGoogle(db: Db, clock: Clock, customer: Pick<Addressee, "id" | "email" | "emailVerifiedAt">, googleEmail: string): Promise<void> {
  if (customer.emailVerifiedAt || normalizeEmail(googleEmail) !== customer.email) return;
  await db.update(customers).set({ emailVerifiedAt: clock.now() }).where(and(eq(customers.id, customer.id), isNull(customers.emailVerifiedAt)));
}
