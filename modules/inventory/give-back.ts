import type { Db } from "../../db/client";
import { removeDealSale } from "../catalog/deal-detail/sales";
import { removeCustomerPurchase } from "./purchases";
import type { FlightSeats } from "./stock-kind";
import { STOCK_KINDS } from "./stock-kinds";

/**
 * The one way to undo the sale of one unit (sellUnits) when its voucher is refunded unused or
 * swapped, inside the caller's transaction: every kind of stock gives it back (STOCK_KINDS: back
 * on sale with its sold-out flags, a dated stay's rooms on every night it sold, a flight stay's
 * seats), then it leaves the hourly sales ledger of the hour it was sold in (deal-wide caps, social
 * cue) and the customer's purchases (their own caps).
 */
export async function returnUnit(
  tx: Db,
  unit: { customerId: number; dealId: number; productId: number; soldAt: Date; nights?: readonly string[]; roomsPerNight?: number; seats?: readonly FlightSeats[] },
): Promise<void> {
  const line = { dealId: unit.dealId, productId: unit.productId, units: 1, nights: unit.nights, roomsPerNight: unit.roomsPerNight, seats: unit.seats };
  for (const kind of STOCK_KINDS) await kind.giveBack(tx, [line]);
  await removeDealSale(tx, { dealId: unit.dealId, productId: unit.productId, at: unit.soldAt });
  await removeCustomerPurchase(tx, unit.customerId, { dealId: unit.dealId, productId: unit.productId });
}
