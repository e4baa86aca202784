import type { Db } from "../../db/client";
import { type Actor, recordInitialStatus } from "../states/transition";
import { deliverBy } from "./deliver-by";
import { shipments } from "./schema";
import { SHIPMENT_PROCESS } from "./shipment-process";

/**
 * One shipment per physical voucher just issued, Processing Order with its "on or before" date,
 * each starting its status history; inside the order's transaction, so goods sold always wait
 * for dispatch.
 */
export async function openShipments(
  tx: Db,
  order: { orderId: number; at: Date; timeZone: string; actor: Actor; vouchers: readonly { voucherId: number; merchantId: number }[] },
): Promise<void> {
  if (order.vouchers.length === 0) return;
  const due = deliverBy(order.at, order.timeZone);
  const opened = await tx
    .insert(shipments)
    .values(order.vouchers.map((voucher) => ({ voucherId: voucher.voucherId, orderId: order.orderId, merchantId: voucher.merchantId, status: "PROCESSING" as const, deliverBy: due, createdAt: order.at })))
    .returning({ id: shipments.voucherId, status: shipments.status });
  await recordInitialStatus(tx, SHIPMENT_PROCESS, opened, { actor: order.actor, at: order.at, data: { orderId: order.orderId, deliverBy: due } });
}
