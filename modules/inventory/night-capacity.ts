import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventoryNights } from "./schema";

/**
 * Sets how many units (rooms or packages) a dated product has on each of these nights, keeping
 * what is already sold: a night never has fewer units than it sold. For the merchant's or an
 * operator's allocation, and the demo's development aid.
 */
export async function setNightCapacity(tx: Db, allocation: { productId: number; nights: readonly string[]; capacity: number }): Promise<void> {
  if (allocation.nights.length === 0) return;
  await tx
    .insert(inventoryNights)
    .values(allocation.nights.map((night) => ({ productId: allocation.productId, night, capacity: allocation.capacity })))
    .onConflictDoUpdate({
      target: [inventoryNights.productId, inventoryNights.night],
      set: { capacity: sql`greatest(${inventoryNights.sold}, excluded.capacity)` },
    });
}
