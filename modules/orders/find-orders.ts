import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import type { CardType, PaymentMethod } from "../payments/provider";
import { orderLines, orders } from "./schema";

/** Spec §3 order response (productOrder) plus what the confirmation page shows. */
export interface PlacedOrder {
  id: number;
  customerId: number;
  currency: Currency;
  total: number;
  walletAmountUsed: number;
  discount: number;
  cardType: CardType | null;
  paymentMethod: PaymentMethod;
  quantity: number;
  email: string;
  createdAt: Date;
}

/** The order as its response and confirmation show it. */
export function placedOrderOf(row: typeof orders.$inferSelect): PlacedOrder {
  return {
    id: row.id,
    customerId: row.customerId,
    currency: row.currency,
    total: row.total,
    walletAmountUsed: row.walletRefundableUsed + row.walletMarketingUsed,
    discount: row.discount,
    cardType: row.cardType,
    paymentMethod: row.paymentMethod,
    quantity: row.quantity,
    email: row.email,
    createdAt: row.createdAt,
  };
}

export async function findOrder(db: Db, orderId: number): Promise<PlacedOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ? placedOrderOf(row) : null;
}

export async function findOrderOfBasket(db: Db, basketId: number): Promise<PlacedOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.basketId, basketId));
  return row ? placedOrderOf(row) : null;
}

/** The customer's order with its lines; null for anyone else's order. */
export async function findCustomerOrder(db: Db, customerId: number, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.customerId !== customerId) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return { order: placedOrderOf(row), row, lines };
}
