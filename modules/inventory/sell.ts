import type { Db } from "../../db/client";
import { recordDealSale } from "../catalog/deal-detail/sales";
import { recordCustomerPurchases } from "./purchases";
import type { StockLine } from "./stock-kind";
import { STOCK_KINDS } from "./stock-kinds";

/** Units of one product sold in an order, with its nights and flight seats (./stock-kinds.ts). */
export type SaleLine = StockLine;

/** Units per deal and product, in product order (the order every sale locks rows in): one ledger row each. */
function unitsByProduct(lines: readonly SaleLine[]): { dealId: number; productId: number; units: number }[] {
  const byProduct = new Map<number, { dealId: number; productId: number; units: number }>();
  for (const { dealId, productId, units } of lines) {
    byProduct.set(productId, { dealId, productId, units: (byProduct.get(productId)?.units ?? 0) + units });
  }
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * The one way to sell (orders, a gift's option swap), inside the caller's transaction, so every
 * ledger that reads sales moves with it or not at all: every kind of stock (STOCK_KINDS: stock
 * left, nights, flight seats), then the hourly sales ledger that the deal-wide caps and the social
 * cue read and the customer's purchases that their own caps read. Throws a SoldOutError (and the
 * caller rolls back) when any stock runs out.
 */
export async function sellUnits(tx: Db, sale: { customerId: number; at: Date; lines: readonly SaleLine[] }): Promise<void> {
  if (sale.lines.length === 0) return;
  for (const kind of STOCK_KINDS) await kind.sell(tx, sale.lines);
  const lines = unitsByProduct(sale.lines);
  for (const line of lines) await recordDealSale(tx, { dealId: line.dealId, productId: line.productId, units: line.units, at: sale.at });
  await recordCustomerPurchases(tx, sale.customerId, lines);
}
