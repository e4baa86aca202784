import { and, count, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vouchers } from "../vouchers/schema";
import { COURIERS, isCourierCode } from "./couriers";
import { formatDeliveryDate } from "./deliver-by";
import { shipments } from "./schema";

/** The portal's "Orders to dispatch" shows this many parcels per page. */
export const MERCHANT_SHIPMENTS_PAGE_SIZE = 20;

/** The parcels a merchant still acts on: to post (Processing), or posted and not yet delivered. */
export const MERCHANT_SHIPMENT_FILTERS = ["PROCESSING", "DISPATCHED"] as const;
export type MerchantShipmentFilter = (typeof MERCHANT_SHIPMENT_FILTERS)[number];

export interface MerchantShipment {
  voucherId: number;
  orderId: number;
  dealTitle: string;
  productName: string;
  status: MerchantShipmentFilter;
  /** "Friday, 27 November 2026": the date promised to the shopper. */
  deliverBy: string;
  /** The courier's name and the tracking number, once dispatched. */
  courier: string | null;
  trackingNumber: string | null;
  orderedAt: Date;
  dispatchedAt: Date | null;
}

/**
 * One merchant's parcels in one status, newest order first, a page (1-based) at a time. Only
 * this merchant's: the shopper's address is added by the page from the order (orders owns it).
 */
export async function listMerchantShipments(db: Db, merchantId: number, filter: MerchantShipmentFilter, page: number) {
  // A parcel of an order held for fraud review (or rejected by it) is not the merchant's to send.
  const where = and(eq(shipments.merchantId, merchantId), eq(shipments.status, filter), notInArray(vouchers.status, ["HELD", "CANCELLED"]));
  const current = Math.max(1, page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ shipment: shipments, dealTitle: vouchers.dealTitle, productName: vouchers.productName })
      .from(shipments)
      .innerJoin(vouchers, eq(vouchers.id, shipments.voucherId))
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.voucherId))
      .limit(MERCHANT_SHIPMENTS_PAGE_SIZE)
      .offset((current - 1) * MERCHANT_SHIPMENTS_PAGE_SIZE),
    db.select({ total: count() }).from(shipments).innerJoin(vouchers, eq(vouchers.id, shipments.voucherId)).where(where),
  ]);
  const list: MerchantShipment[] = rows.map(({ shipment, dealTitle, productName }) => ({
    voucherId: shipment.voucherId,
    orderId: shipment.orderId,
    dealTitle,
    productName,
    status: filter,
    deliverBy: formatDeliveryDate(shipment.deliverBy),
    courier: shipment.courier && isCourierCode(shipment.courier) ? COURIERS[shipment.courier].name : shipment.courier,
    trackingNumber: shipment.trackingNumber,
    orderedAt: shipment.createdAt,
    dispatchedAt: shipment.dispatchedAt,
  }));
  return { shipments: list, page: current, pageCount: Math.max(1, Math.ceil(Number(total) / MERCHANT_SHIPMENTS_PAGE_SIZE)), total: Number(total) };
}
