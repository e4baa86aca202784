import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceDealChanges } from "./deal-changes";
import { deals, products } from "./schema";

export class InsufficientStockError extends Error {
  constructor(readonly productId: number) {
    super(`product ${productId} has fewer units left than were sold`);
  }
}

/**
 * Takes sold units off stock inside the order's transaction: decrements what remains (marking the
 * product, and a deal whose visible products are all gone, sold out), counts them as bought, and
 * announces the change so cached deal pages are dropped on commit. Lock the rows first
 * (findSellableProducts with `lock`); a product without enough units left throws and the
 * caller's transaction rolls back.
 */
export async function recordSale(tx: Db, sales: readonly { productId: number; units: number }[]): Promise<void> {
  const unitsByDeal = new Map<number, number>();
  for (const sale of [...sales].sort((a, b) => a.productId - b.productId)) {
    if (!Number.isInteger(sale.units) || sale.units <= 0) throw new RangeError(`units must be a positive whole number, got ${sale.units}`);
    const [updated] = await tx
      .update(products)
      .set({
        totalRemaining: sql`${products.totalRemaining} - ${sale.units}`,
        soldOut: sql`${products.soldOut} or coalesce(${products.totalRemaining} - ${sale.units} = 0, false)`,
        totalBought: sql`${products.totalBought} + ${sale.units}`,
      })
      .where(and(eq(products.id, sale.productId), sql`(${products.totalRemaining} is null or ${products.totalRemaining} >= ${sale.units})`))
      .returning({ dealId: products.dealId });
    if (!updated) throw new InsufficientStockError(sale.productId);
    unitsByDeal.set(updated.dealId, (unitsByDeal.get(updated.dealId) ?? 0) + sale.units);
  }
  const dealIds = [...unitsByDeal.keys()].sort((a, b) => a - b);
  for (const dealId of dealIds) {
    await tx
      .update(deals)
      .set({
        totalBought: sql`${deals.totalBought} + ${unitsByDeal.get(dealId)!}`,
        soldOut: sql`${deals.soldOut} or not exists (select 1 from ${products} where ${products.dealId} = ${dealId} and ${products.visible} and not ${products.soldOut})`,
        updatedAt: sql`now()`,
      })
      .where(eq(deals.id, dealId));
  }
  await announceDealChanges(tx, dealIds);
}

/**
 * Puts a unit given back (a refunded voucher) on sale again, inside the refund's transaction: one
 * more left (products without a stock count stay unlimited), one fewer bought, and a product that
 * was sold out because its stock ran out, and its deal, on sale again. Announced like a sale.
 */
export async function recordReturn(tx: Db, productId: number): Promise<void> {
  const [product] = await tx
    .update(products)
    .set({
      soldOut: sql`${products.soldOut} and not coalesce(${products.totalRemaining} = 0, false)`,
      totalRemaining: sql`${products.totalRemaining} + 1`,
      totalBought: sql`greatest(${products.totalBought} - 1, 0)`,
    })
    .where(eq(products.id, productId))
    .returning({ dealId: products.dealId, soldOut: products.soldOut, visible: products.visible });
  if (!product) return;
  await tx
    .update(deals)
    .set({
      totalBought: sql`greatest(${deals.totalBought} - 1, 0)`,
      // A deal is sold out when all its visible products are (recordSale): one back on sale reopens it.
      soldOut: product.visible && !product.soldOut ? false : sql`${deals.soldOut}`,
      updatedAt: sql`now()`,
    })
    .where(eq(deals.id, product.dealId));
  await announceDealChanges(tx, [product.dealId]);
}
