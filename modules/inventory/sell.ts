import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recordDealSale } from "../catalog/deal-detail/sales";
import { recordSale } from "../catalog/stock";
import { recordCustomerPurchases } from "./purchases";
import { inventoryNights } from "./schema";

/**
 * Units of one product sold in an order; `nights` for a dated product: each night sells
 * `roomsPerNight` (default `units`). A travel stay is one unit (one booking, one voucher) that
 * sells its rooms on every night.
 */
export interface SaleLine {
  dealId: number;
  productId: number;
  units: number;
  nights?: readonly string[];
  roomsPerNight?: number;
}

/** A dated product has fewer rooms left on a night than were sold (the order rolls back). */
export class NightSoldOutError extends Error {
  constructor(
    readonly productId: number,
    readonly night: string,
  ) {
    super(`product ${productId} has fewer units left on ${night} than were sold`);
  }
}

/** Units per deal and product, in product order (the order every sale locks rows in): one ledger row each. */
function unitsByProduct(lines: readonly SaleLine[]): { dealId: number; productId: number; units: number }[] {
  const byProduct = new Map<number, { dealId: number; productId: number; units: number }>();
  for (const { dealId, productId, units } of lines) {
    byProduct.set(productId, { dealId, productId, units: (byProduct.get(productId)?.units ?? 0) + units });
  }
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Takes `units` of a dated product on each of these nights, in night order, each with one guarded
 * update that succeeds only while the night has them left: a night is never oversold, however many
 * buyers race. Throws NightSoldOutError (the caller rolls back) when one has too few. Orders sell
 * through sellUnits; a booking made after purchase (booking calendar on redemption) takes its
 * nights with this alone, its unit having been sold with the voucher.
 */
export async function takeNights(tx: Db, take: { productId: number; nights: readonly string[]; units: number }): Promise<void> {
  for (const night of [...take.nights].sort()) {
    const [updated] = await tx
      .update(inventoryNights)
      .set({ sold: sql`${inventoryNights.sold} + ${take.units}` })
      .where(and(eq(inventoryNights.productId, take.productId), eq(inventoryNights.night, night), sql`${inventoryNights.sold} + ${take.units} <= ${inventoryNights.capacity}`))
      .returning({ productId: inventoryNights.productId });
    if (!updated) throw new NightSoldOutError(take.productId, night);
  }
}

async function sellNights(tx: Db, line: SaleLine): Promise<void> {
  if (!line.nights || line.nights.length === 0) return;
  await takeNights(tx, { productId: line.productId, nights: line.nights, units: line.roomsPerNight ?? line.units });
}

/**
 * Sells an order's units inside the order's transaction, so every ledger that reads sales moves
 * with the order or not at all: stock left (catalog's products), the hourly sales ledger that the
 * deal-wide caps and the social cue read, the customer's purchases that their own caps read, and
 * for dated products the nights sold. Throws (and the caller rolls back) when stock or a night runs out.
 */
export async function sellUnits(tx: Db, sale: { customerId: number; at: Date; lines: readonly SaleLine[] }): Promise<void> {
  if (sale.lines.length === 0) return;
  const lines = unitsByProduct(sale.lines);
  // recordSale refuses a sale of no units, so nothing below is written for one.
  await recordSale(tx, sale.lines.map((line) => ({ productId: line.productId, units: line.units })));
  for (const line of [...sale.lines].sort((a, b) => a.productId - b.productId)) await sellNights(tx, line);
  for (const line of lines) await recordDealSale(tx, { dealId: line.dealId, productId: line.productId, units: line.units, at: sale.at });
  await recordCustomerPurchases(tx, sale.customerId, lines);
}
