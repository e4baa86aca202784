import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type CustomerSummary, findActiveCustomerByEmail, toSummary } from "./customers";
import { AccountError } from "./errors";
import { checkPassword } from "./password-check";
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
  const outcome = await checkPassword(
    customer
      ? {
          ...customer,
          clearFailures: (cleared) => db.update(customers).set(cleared).where(eq(customers.id, customer.id)),
          countFailure: (next) =>
            db.transaction(async (tx) => {
              const [current] = await tx.select().from(customers).where(eq(customers.id, customer.id)).for("update");
              const state = next(current);
              await tx.update(customers).set(state).where(eq(customers.id, customer.id));
              return state;
            }),
        }
      : null,
    credentials.password,
    clock.now(),
  );
  if (outcome === "locked") throw new AccountError("ACCOUNT_LOCKED");
  if (outcome === "invalid" || !customer) throw new AccountError("INVALID_CREDENTIALS");
  return toSummary(customer);
}
