import type { Db } from "../../db/client";
import { type Actor, recordInitialStatus } from "../states/transition";
import type { GiftPreset } from "../catalog/gift-presets";
import { deliverBy, deliveryWorkingDays } from "./deliver-by";
import { shipments } from "./schema";
import { SHIPMENT_PROCESS } from "./shipment-process";

/**
 * One shipment per physical voucher just issued, Processing Order with its "on or before" date
 * (a gift pack's follows the pack's rule, and next working day delivery the next-day pack's: ./deliver-by.ts), each starting its status history;
 * inside the order's transaction, so goods sold always wait for dispatch.
 */
export async function openShipments(
  tx: Db,
  order: {
    orderId: number;
    at: Date;
    timeZone: string;
    actor: Actor;
    /** `nextDay`: bought with next working day delivery, promised like the next-day gift pack. */
    vouchers: readonly { voucherId: number; merchantId: number; giftPreset?: GiftPreset | null; nextDay?: boolean }[];
  },
): Promise<void> {
  if (order.vouchers.length === 0) return;
  const dueOf = (giftPreset: GiftPreset | null, nextDay: boolean) => deliverBy(order.at, order.timeZone, deliveryWorkingDays(order.at, order.timeZone, giftPreset, nextDay));
  const rows = order.vouchers.map((voucher) => ({
    voucherId: voucher.voucherId,
    orderId: order.orderId,
    merchantId: voucher.merchantId,
    status: "PROCESSING" as const,
    deliverBy: dueOf(voucher.giftPreset ?? null, voucher.nextDay ?? false),
    createdAt: order.at,
  }));
  await tx.insert(shipments).values(rows);
  // The history records each shipment's promised date: one insert per date (mostly just one).
  for (const due of new Set(rows.map((row) => row.deliverBy))) {
    const opened = rows.filter((row) => row.deliverBy === due).map((row) => ({ id: row.voucherId, status: row.status }));
    await recordInitialStatus(tx, SHIPMENT_PROCESS, opened, { actor: order.actor, at: order.at, data: { orderId: order.orderId, deliverBy: due } });
  }
}
