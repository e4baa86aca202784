import { and, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { orderAttempts } from "./schema";

/** How long an idempotency key answers a repeat with the first result (Stripe keeps them a day). */
export const KEEP_ORDER_ATTEMPTS_DAYS = 30;

/**
 * Deletes finished order attempts older than the retention period. Pending attempts and any
 * holding an authorization nothing has accounted for are kept: the payment sweeper still needs them.
 */
export async function pruneOrderAttempts(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - KEEP_ORDER_ATTEMPTS_DAYS * 86_400_000);
  const removed = await db
    .delete(orderAttempts)
    .where(
      and(
        lt(orderAttempts.createdAt, cutoff),
        ne(orderAttempts.status, "pending"),
        or(isNull(orderAttempts.authorizationId), isNotNull(orderAttempts.authorizationSettledAt)),
      ),
    )
    .returning({ id: orderAttempts.id });
  return removed.length;
}
