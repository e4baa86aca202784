import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { randomToken } from "../security/tokens";
import { AccountError } from "./errors";
import { forgetNewsletterEmail } from "./newsletter";
import { accountTokens, customers } from "./schema";
import { revokeCustomerSessions } from "./sessions";

/**
 * Deletes an account for good: the row stays (orders and vouchers refer to it for accounting) but
 * every personal field is cleared, the email becomes a placeholder nobody can sign in with, and
 * all sessions, links and the newsletter subscription go. Run inside the caller's transaction
 * together with the other modules' clean-up.
 */
export async function anonymizeCustomer(db: Db, clock: Clock, customerId: number): Promise<void> {
  const now = clock.now();
  const [customer] = await db
    .select({ brand: customers.brand, email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.status, "active")))
    .for("update");
  if (!customer) throw new AccountError("NOT_SIGNED_IN");
  await db
    .update(customers)
    .set({
      email: `deleted-${customerId}@deleted.invalid`,
      passwordHash: null,
      firstName: "",
      lastName: "",
      addressLine1: null,
      addressLine2: null,
      city: null,
      postcode: null,
      customerToken: randomToken(),
      googleSubject: null,
      facebookLinked: false,
      failedLoginCount: 0,
      lastFailedLoginAt: null,
      lockedUntil: null,
      status: "deleted",
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));
  await revokeCustomerSessions(db, customerId);
  await db.delete(accountTokens).where(eq(accountTokens.customerId, customerId));
  await forgetNewsletterEmail(db, customer.brand, customer.email);
}
