import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { deals } from "../catalog/schema";
import { enqueue } from "../mail/outbox";
import { transition } from "../states/transition";
import { type CourierCode, isCourierCode, normalTrackingNumber } from "./couriers";
import { dispatchEmail } from "./dispatch-email";
import { deliveryError } from "./errors";
import { lockMerchantShipment, type MerchantActor, merchantActor } from "./merchant-shipment";
import { SHIPMENT_PROCESS } from "./shipment-process";

/** What the merchant-side use cases need: the database, the time, and each brand's link origin for emails. */
export interface DeliveryServices {
  db: Db;
  clock: Clock;
  /** The shopper's brand's public origin (server/public-origin.ts), for links in their emails. */
  linkOrigin(brand: BrandId): string;
}

export interface DispatchResult {
  status: "DISPATCHED";
  courier: CourierCode;
  trackingNumber: string;
  dispatchedAt: Date;
}

/**
 * The merchant marks a parcel Dispatched with its courier and tracking number, and the shopper
 * gets an email (courier and tracking in it only if the deal shows tracking). Dispatching again
 * with the same details changes nothing; different details, or a delivered parcel, are refused.
 */
export async function dispatchShipment(
  services: DeliveryServices,
  input: MerchantActor & { voucherId: number; courier: string; trackingNumber: string },
): Promise<DispatchResult> {
  if (!isCourierCode(input.courier)) throw deliveryError("COURIER_UNKNOWN");
  const courier = input.courier;
  const trackingNumber = normalTrackingNumber(input.trackingNumber);
  if (trackingNumber === null) throw deliveryError("TRACKING_NUMBER_INVALID");
  const now = services.clock.now();

  return services.db.transaction(async (tx) => {
    const { shipment, voucher } = await lockMerchantShipment(tx, input.merchantId, input.voucherId);
    if (shipment.status === "DELIVERED") throw deliveryError("ALREADY_DELIVERED");
    if (shipment.status === "DISPATCHED") {
      if (shipment.courier !== courier || shipment.trackingNumber !== trackingNumber) throw deliveryError("DISPATCHED_DIFFERENTLY");
      return { status: "DISPATCHED", courier, trackingNumber, dispatchedAt: shipment.dispatchedAt ?? now };
    }
    if (voucher.status !== "READY_TO_REDEEM") throw deliveryError("NOT_AWAITING_DELIVERY");

    await transition(tx, SHIPMENT_PROCESS, {
      id: shipment.voucherId,
      from: "PROCESSING",
      to: "DISPATCHED",
      actor: merchantActor(input),
      at: now,
      data: { merchantUserId: input.merchantUserId, courier, trackingNumber },
      set: { courier, trackingNumber, dispatchedAt: now },
    });

    const [shopper] = await tx
      .select({ email: customers.email, firstName: customers.firstName, brand: customers.brand, showTracking: deals.showTracking })
      .from(customers)
      .innerJoin(deals, eq(deals.id, voucher.dealId))
      .where(eq(customers.id, voucher.customerId));
    await enqueue(
      tx,
      dispatchEmail({
        brand: shopper.brand,
        to: shopper.email,
        firstName: shopper.firstName,
        orderId: voucher.orderId,
        item: `${voucher.dealTitle}, ${voucher.productName}`,
        deliverBy: shipment.deliverBy,
        tracking: shopper.showTracking ? { courier, trackingNumber } : null,
        origin: services.linkOrigin(shopper.brand),
      }),
      services.clock,
    );
    return { status: "DISPATCHED", courier, trackingNumber, dispatchedAt: now };
  });
}
