import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type CustomerSummary, findActiveCustomerByEmail, toSummary } from "./customers";
import { AccountError } from "./errors";
import { afterFailedLogin, CLEARED_LOGIN_FAILURES, isLocked } from "./lockout";
import { verifyDecoyPassword, verifyPassword } from "./passwords";
import { customers } from "./schema";

/**
 * Checks an email and password. Wrong passwords count towards the lockout; a locked account is
 * refused with the lock message even with the right password, until the lock ends or a reset.
 */
export async function authenticate(
  db: Db,
  clock: Clock,
  credentials: { brand: BrandId; email: string; password: string },
): Promise<CustomerSummary> {
  const customer = await findActiveCustomerByEmail(db, credentials.brand, credentials.email);
  if (!customer) {
    await verifyDecoyPassword(credentials.password);
    throw new AccountError("INVALID_CREDENTIALS");
  }
  if (isLocked(customer, clock.now())) throw new AccountError("ACCOUNT_LOCKED");

  const matches = customer.passwordHash
    ? await verifyPassword(customer.passwordHash, credentials.password)
    : await verifyDecoyPassword(credentials.password);
  if (matches) {
    if (customer.failedLoginCount > 0 || customer.lockedUntil) {
      await db.update(customers).set(CLEARED_LOGIN_FAILURES).where(eq(customers.id, customer.id));
    }
    return toSummary(customer);
  }

  const locked = await db.transaction(async (tx) => {
    // Row lock: simultaneous wrong guesses each count.
    const [current] = await tx.select().from(customers).where(eq(customers.id, customer.id)).for("update");
    const next = afterFailedLogin(current, clock.now());
    await tx.update(customers).set(next).where(eq(customers.id, customer.id));
    return isLocked(next, clock.now());
  });
  throw new AccountError(locked ? "ACCOUNT_LOCKED" : "INVALID_CREDENTIALS");
}
