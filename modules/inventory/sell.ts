import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recordDealSale } from "../catalog/deal-detail/sales";
import { recordSale } from "../catalog/stock";
import { recordCustomerPurchases } from "./purchases";
import { inventoryNights } from "./schema";

/** Units of one product sold in an order; `nights` for a dated product (each night sells `units`). */
export interface SaleLine {
  dealId: number;
  productId: number;
  units: number;
  nights?: readonly string[];
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

async function sellNights(tx: Db, line: SaleLine): Promise<void> {
  for (const night of [...(line.nights ?? [])].sort()) {
    const [updated] = await tx
      .update(inventoryNights)
      .set({ sold: sql`${inventoryNights.sold} + ${line.units}` })
      .where(and(eq(inventoryNights.productId, line.productId), eq(inventoryNights.night, night), sql`${inventoryNights.sold} + ${line.units} <= ${inventoryNights.capacity}`))
      .returning({ productId: inventoryNights.productId });
    if (!updated) throw new NightSoldOutError(line.productId, night);
  }
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
