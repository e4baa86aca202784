import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vouchers } from "../vouchers/schema";
import { deliveryError } from "./errors";
import { shipments } from "./schema";

/** Who acts in the merchant portal: the signed-in merchant user and the merchant they work for. */
export interface MerchantActor {
  merchantId: number;
  merchantUserId: number;
}

/** The status history records the merchant; the person who acted goes in the event's data. */
export const merchantActor = (actor: MerchantActor) => ({ type: "merchant" as const, id: String(actor.merchantId) });

/**
 * One of the merchant's shipments with its voucher, both rows locked until the transaction ends
 * (so a dispatch, a delivery and a refund of the same voucher happen one after another). Another
 * merchant's shipment is "not found", like one that does not exist.
 */
export async function lockMerchantShipment(tx: Db, merchantId: number, voucherId: number) {
  const [row] = await tx
    .select({ shipment: shipments, voucher: vouchers })
    .from(shipments)
    .innerJoin(vouchers, eq(vouchers.id, shipments.voucherId))
    .where(and(eq(shipments.voucherId, voucherId), eq(shipments.merchantId, merchantId)))
    .for("update");
  if (!row) throw deliveryError("SHIPMENT_NOT_FOUND");
  return row;
}
