import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { randomToken } from "../security/tokens";
import { type CustomerRow, type CustomerSummary, toSummary } from "./customers";
import { sendWelcome } from "./email-verification";
import { AccountError } from "./errors";
import { setNewsletterSubscription } from "./newsletter";
import { hashPassword } from "./passwords";
import { customers } from "./schema";
import { normalizeEmail } from "./validation";

export interface NewCustomer {
  brand: BrandId;
  email: string;
  firstName: string;
  lastName: string;
  /** Absent for accounts created through a third-party sign-in. */
  password?: string;
  googleSubject?: string;
  /** Google has verified the email (its email_verified claim): the welcome carries no link. */
  emailVerified?: boolean;
  subscribe?: boolean;
  /** Origin for links in the emails registration may send. */
  linkOrigin: string;
}

/**
 * Creates an account and, in the same transaction, its welcome email (with a link to verify the
 * address). An email already registered on the brand is refused with the spec's
 * 'You have already registered with us…', also when two registrations race.
 */
export async function registerCustomer(db: Db, clock: Clock, input: NewCustomer): Promise<CustomerSummary> {
  // Hashed before the email is looked at: a taken email costs the same argon2 time as a new one,
  // so the answer's timing does not tell them apart (docs/decisions/security-account-enumeration.md).
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const now = clock.now();
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const inserted: CustomerRow[] = await tx
      .insert(customers)
      .values({
        brand: input.brand,
        email,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        googleSubject: input.googleSubject ?? null,
        emailVerifiedAt: input.emailVerified ? now : null,
        customerToken: randomToken(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AccountError("ALREADY_REGISTERED");
    await sendWelcome(tx, clock, { customer: inserted[0], linkOrigin: input.linkOrigin });
    if (input.subscribe) {
      await setNewsletterSubscription(tx, clock, { brand: input.brand, email, subscribed: true, linkOrigin: input.linkOrigin });
    }
    return toSummary(inserted[0]);
  });
}
