import type { Db } from "../../db/client";
import type { Actor } from "../states/transition";
import { transition } from "../states/transition";
import { fulfilPhysicalVoucher } from "../vouchers/fulfil-physical-voucher";
import type { DeliveryServices } from "./dispatch-shipment";
import { deliveryError } from "./errors";
import { lockMerchantShipment, type MerchantActor, merchantActor } from "./merchant-shipment";
import { SHIPMENT_PROCESS } from "./shipment-process";

type LockedShipment = Awaited<ReturnType<typeof lockMerchantShipment>>;

/**
 * Records a locked shipment as delivered: the parcel Delivered and its voucher Redeemed (goods
 * delivered are the voucher fulfilled), both at `at`, in the caller's transaction.
 */
export async function recordDelivery(tx: Db, locked: LockedShipment, change: { actor: Actor; at: Date; merchantUserId: number | null }): Promise<void> {
  const { shipment, voucher } = locked;
  if (voucher.status !== "READY_TO_REDEEM") throw deliveryError("NOT_AWAITING_DELIVERY");
  await transition(tx, SHIPMENT_PROCESS, {
    id: shipment.voucherId,
    from: shipment.status,
    to: "DELIVERED",
    actor: change.actor,
    at: change.at,
    data: change.merchantUserId === null ? undefined : { merchantUserId: change.merchantUserId },
    set: { deliveredAt: change.at },
  });
  await fulfilPhysicalVoucher(tx, { voucherId: voucher.id, at: change.at, actor: change.actor, merchantUserId: change.merchantUserId });
}

/**
 * The merchant marks a parcel Delivered (from Processing too: goods handed over without a
 * courier). Marking it again changes nothing and answers when it was delivered.
 */
export async function deliverShipment(services: Pick<DeliveryServices, "db" | "clock">, input: MerchantActor & { voucherId: number }): Promise<{ status: "DELIVERED"; deliveredAt: Date }> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const locked = await lockMerchantShipment(tx, input.merchantId, input.voucherId);
    if (locked.shipment.status === "DELIVERED") return { status: "DELIVERED", deliveredAt: locked.shipment.deliveredAt ?? now };
    await recordDelivery(tx, locked, { actor: merchantActor(input), at: now, merchantUserId: input.merchantUserId });
    return { status: "DELIVERED", deliveredAt: now };
  });
}
