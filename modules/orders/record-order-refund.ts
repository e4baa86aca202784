import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { type Actor, transition } from "../states/transition";
import { voucherStatusesOfOrder } from "../vouchers/read";
import type { VoucherStatus } from "../vouchers/schema";
import { ORDER_PROCESS } from "./order-process";
import { orders, type OrderStatus } from "./schema";

/** A voucher whose money has gone back to the shopper, to their card or as wallet credit. */
const GIVEN_BACK: readonly VoucherStatus[] = ["REFUNDED", "REQUEST_PROCESSED"];

/**
 * Moves an order on after one of its vouchers was refunded or turned into credit, in that
 * transaction (after the voucher's own status change): Refunded once every voucher's money is
 * back, else Partially Refunded. The order row is locked first, so refunds of two vouchers of one
 * order move it one after the other. Returns what a confirmation email needs.
 */
export async function recordOrderRefund(tx: Db, refund: { orderId: number; actor: Actor; at: Date; reason?: string }): Promise<{ status: OrderStatus; brand: BrandId; email: string }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
  if (!order) throw new Error(`order ${refund.orderId} does not exist`);
  const statuses = await voucherStatusesOfOrder(tx, refund.orderId);
  const to: OrderStatus = statuses.every((status) => GIVEN_BACK.includes(status)) ? "REFUNDED" : "PARTIALLY_REFUNDED";
  if (order.status !== "REFUNDED") {
    await transition(tx, ORDER_PROCESS, { id: order.id, from: order.status, to, actor: refund.actor, at: refund.at, reason: refund.reason });
  }
  return { status: order.status === "REFUNDED" ? "REFUNDED" : to, brand: order.brand, email: order.email };
}
