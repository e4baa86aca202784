import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { recordDelivery } from "./deliver-shipment";
import { lockMerchantShipment } from "./merchant-shipment";
import { shipments } from "./schema";

/** A dispatched parcel nobody marked delivered counts as delivered this long after dispatch. */
export const PRESUMED_DELIVERED_DAYS = 14;
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * The daily job: parcels dispatched 14 days ago and still not marked delivered are presumed
 * delivered today (so the shopper's return window opens, counted from today: never shorter than
 * from the real delivery). Each in its own transaction; one that cannot be delivered any more is
 * left alone. Answers how many it marked.
 */
export async function presumeDelivered(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const dispatchedBefore = new Date(now.getTime() - PRESUMED_DELIVERED_DAYS * DAY_MS);
  let marked = 0;
  // Pages by voucher id, so a parcel that is left alone is not read again.
  for (let after = 0; ; ) {
    const due = await db
      .select({ voucherId: shipments.voucherId, merchantId: shipments.merchantId })
      .from(shipments)
      .where(and(eq(shipments.status, "DISPATCHED"), lte(shipments.dispatchedAt, dispatchedBefore), gt(shipments.voucherId, after)))
      .orderBy(asc(shipments.voucherId))
      .limit(BATCH);
    for (const parcel of due) {
      marked += await db.transaction(async (tx) => {
        const locked = await lockMerchantShipment(tx, parcel.merchantId, parcel.voucherId);
        if (locked.shipment.status !== "DISPATCHED" || locked.voucher.status !== "READY_TO_REDEEM") return 0;
        await recordDelivery(tx, locked, { actor: { type: "system", id: "delivery.presume-delivered" }, at: now, merchantUserId: null });
        return 1;
      });
    }
    if (due.length < BATCH) return marked;
    after = due[due.length - 1].voucherId;
  }
}
