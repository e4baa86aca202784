import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stockReservations } from "./schema";

/** Units held for a basket line until `expiresAt`; `night` for a dated product (a travel night), else null. */
export interface Hold {
  basketId: number;
  basketLineId: number;
  productId: number;
  night?: string | null;
  quantity: number;
  expiresAt: Date;
}

/** Holds units of a line's product (for that night) until `expiresAt`, replacing the line's earlier hold. */
export async function holdUnits(tx: Db, hold: Hold): Promise<void> {
  const values = { ...hold, night: hold.night ?? null };
  await tx
    .insert(stockReservations)
    .values(values)
    .onConflictDoUpdate({
      target: [stockReservations.basketLineId, stockReservations.night],
      set: { quantity: values.quantity, expiresAt: values.expiresAt, productId: values.productId },
    });
}

/**
 * Lets go of everything a basket line holds (every night of it). Holds have no foreign key to the
 * line, so whoever deletes a line releases its holds in the same transaction.
 */
export async function releaseLineHolds(tx: Db, basketLineId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.basketLineId, basketLineId));
}

/** Drops every hold of a basket (its order took the stock, or its lines were replaced). */
export async function releaseBasketHolds(tx: Db, basketId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.basketId, basketId));
}
