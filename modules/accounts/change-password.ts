import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { findActiveCustomer } from "./customers";
import { AccountError } from "./errors";
import { hashPassword, verifyPassword } from "./passwords";
import { customers } from "./schema";
import { revokeCustomerSessions } from "./sessions";

/**
 * Changes a signed-in customer's password after checking the current one ('Error: Change
 * Unsuccessful.' otherwise). All sessions end; the caller signs the customer in afresh.
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  input: { customerId: number; currentPassword: string; newPassword: string },
): Promise<void> {
  const customer = await findActiveCustomer(db, input.customerId);
  if (!customer?.passwordHash || !(await verifyPassword(customer.passwordHash, input.currentPassword))) {
    throw new AccountError("PASSWORD_CHANGE_FAILED");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: clock.now() }).where(eq(customers.id, customer.id));
    await revokeCustomerSessions(tx, customer.id);
  });
}
