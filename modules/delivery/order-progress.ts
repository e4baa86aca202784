import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../catalog/schema";
import { vouchers } from "../vouchers/schema";
import { COURIERS, isCourierCode, trackingUrl } from "./couriers";
import { formatDeliveryDate } from "./deliver-by";
import { SHIPMENT_STATUSES, type ShipmentStatus, shipments } from "./schema";

const ORDER: readonly ShipmentStatus[] = ["PROCESSING", "DISPATCHED", "DELIVERED"];

/** What a shopper sees of a physical voucher's parcel (spec §4 order progress); plain data, ready for a loader. */
export interface OrderProgress {
  status: ShipmentStatus;
  /** "Processing Order", "Dispatched" or "Delivered". */
  label: string;
  /** Each step in order, with when it happened (ISO) once it has; a step skipped (delivered without dispatch) has no date. */
  steps: { status: ShipmentStatus; label: string; done: boolean; current: boolean; at: string | null }[];
  /** "Delivery on or before Friday, 27 November 2026" until delivered, then null. */
  deliveryPromise: string | null;
  /** Shown only when the deal allows it and the parcel has been dispatched. */
  tracking: { courier: string; trackingNumber: string; url: string | null } | null;
}

type ShipmentRow = typeof shipments.$inferSelect;

export function orderProgress(shipment: ShipmentRow, showTracking: boolean): OrderProgress {
  const reached = ORDER.indexOf(shipment.status);
  const at: Record<ShipmentStatus, Date | null> = { PROCESSING: shipment.createdAt, DISPATCHED: shipment.dispatchedAt, DELIVERED: shipment.deliveredAt };
  const { courier, trackingNumber } = shipment;
  return {
    status: shipment.status,
    label: SHIPMENT_STATUSES[shipment.status],
    steps: ORDER.map((status, index) => ({
      status,
      label: SHIPMENT_STATUSES[status],
      done: index <= reached,
      current: index === reached,
      at: index <= reached ? (at[status]?.toISOString() ?? null) : null,
    })),
    deliveryPromise: shipment.status === "DELIVERED" ? null : `Delivery on or before ${formatDeliveryDate(shipment.deliverBy)}`,
    tracking:
      showTracking && courier && trackingNumber
        ? {
            courier: isCourierCode(courier) ? COURIERS[courier].name : courier,
            trackingNumber,
            url: isCourierCode(courier) ? trackingUrl(courier, trackingNumber) : null,
          }
        : null,
  };
}

/** The order progress of one of the customer's vouchers; null when it has no parcel or is not theirs. */
export async function findOrderProgress(db: Db, customerId: number, voucherId: number): Promise<OrderProgress | null> {
  const [row] = await db
    .select({ shipment: shipments, showTracking: deals.showTracking })
    .from(shipments)
    .innerJoin(vouchers, eq(vouchers.id, shipments.voucherId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(eq(shipments.voucherId, voucherId), eq(vouchers.customerId, customerId)));
  return row ? orderProgress(row.shipment, row.showTracking) : null;
}
