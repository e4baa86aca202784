import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { releaseBasketHolds } from "../inventory/holds";
import { baskets } from "./schema";

/**
 * Closes a basket in the transaction that placed its order: from then on it never changes, and it
 * belongs to the customer who ordered it (a guest's basket becomes theirs). Its holds go: the
 * order's sale took the stock they kept.
 */
export async function markBasketOrdered(tx: Db, basketId: number, customerId: number, now: Date): Promise<void> {
  await tx.update(baskets).set({ orderedAt: now, customerId, updatedAt: now }).where(eq(baskets.id, basketId));
  await releaseBasketHolds(tx, basketId);
}
