import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { checkPassword } from "../accounts/password-check";
import { normalizeEmail } from "../accounts/validation";
import { merchantError } from "./errors";
import { merchantUsers } from "./schema";

/**
 * Checks a merchant user's email and password with the shoppers' protections (argon2id, a decoy
 * check for unknown emails and for users who have not accepted their invitation yet, lockout).
 */
export async function authenticateMerchantUser(db: Db, clock: Clock, credentials: { email: string; password: string }): Promise<{ merchantUserId: number }> {
  const [user] = await db
    .select()
    .from(merchantUsers)
    .where(sql`lower(${merchantUsers.email}) = ${normalizeEmail(credentials.email)}`);
  const outcome = await checkPassword(
    user
      ? {
          ...user,
          clearFailures: (cleared) => db.update(merchantUsers).set(cleared).where(eq(merchantUsers.id, user.id)),
          countFailure: (next) =>
            db.transaction(async (tx) => {
              const [current] = await tx.select().from(merchantUsers).where(eq(merchantUsers.id, user.id)).for("update");
              const state = next(current);
              await tx.update(merchantUsers).set(state).where(eq(merchantUsers.id, user.id));
              return state;
            }),
        }
      : null,
    credentials.password,
    clock.now(),
  );
  if (outcome === "locked") throw merchantError("ACCOUNT_LOCKED");
  if (outcome === "invalid" || !user) throw merchantError("INVALID_CREDENTIALS");
  return { merchantUserId: user.id };
}
