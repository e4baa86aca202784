import type { Db } from "../../db/client";
import { removeDealSale } from "../catalog/deal-detail/sales";
import { recordReturn } from "../catalog/stock";
import { removeCustomerPurchase } from "./purchases";

/**
 * Undoes the sale of one unit (sellUnits) when its voucher is refunded unused, inside the refund's
 * transaction: back on sale (stock, sold-out flags), off the hourly sales ledger of the hour it was
 * sold in (deal-wide caps, social cue), and off the customer's purchases (their own caps).
 */
export async function returnUnit(tx: Db, unit: { customerId: number; dealId: number; productId: number; soldAt: Date }): Promise<void> {
  await recordReturn(tx, unit.productId);
  await removeDealSale(tx, { dealId: unit.dealId, productId: unit.productId, at: unit.soldAt });
  await removeCustomerPurchase(tx, unit.customerId, { dealId: unit.dealId, productId: unit.productId });
}
