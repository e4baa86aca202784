import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { removeDealSale } from "../catalog/deal-detail/sales";
import { recordReturn } from "../catalog/stock";
import { removeCustomerPurchase } from "./purchases";
import { inventoryNights } from "./schema";

/**
 * Puts a dated product's nights back on sale (a refunded stay, a declined or cancelled booking):
 * `units` fewer sold on each night, never below none.
 */
export async function giveBackNights(tx: Db, nights: { productId: number; nights: readonly string[]; units: number }): Promise<void> {
  if (nights.nights.length === 0 || nights.units <= 0) return;
  await tx
    .update(inventoryNights)
    .set({ sold: sql`greatest(${inventoryNights.sold} - ${nights.units}, 0)` })
    .where(and(eq(inventoryNights.productId, nights.productId), inArray(inventoryNights.night, [...nights.nights])));
}

/**
 * Undoes the sale of one unit (sellUnits) when its voucher is refunded unused, inside the refund's
 * transaction: back on sale (stock, sold-out flags), off the hourly sales ledger of the hour it was
 * sold in (deal-wide caps, social cue), and off the customer's purchases (their own caps). A dated
 * stay also gives back its rooms on every night it sold.
 */
export async function returnUnit(
  tx: Db,
  unit: { customerId: number; dealId: number; productId: number; soldAt: Date; nights?: readonly string[]; roomsPerNight?: number },
): Promise<void> {
  await recordReturn(tx, unit.productId);
  await removeDealSale(tx, { dealId: unit.dealId, productId: unit.productId, at: unit.soldAt });
  await removeCustomerPurchase(tx, unit.customerId, { dealId: unit.dealId, productId: unit.productId });
  if (unit.nights && unit.nights.length > 0) await giveBackNights(tx, { productId: unit.productId, nights: unit.nights, units: unit.roomsPerNight ?? 1 });
}
