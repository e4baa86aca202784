import type { Logger } from "pino";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { releaseHeldOrder } from "../orders/review/release-held-order";
import { capturePayment } from "../payments/payment-records";
import type { PaymentProvider } from "../payments/provider";
import type { StaffActor } from "../staff/staff-actor";
import { recordDecision, reviewerActor, reviewReason } from "./decide";

export interface ReviewServices {
  provider: PaymentProvider;
  clock: Clock;
  log: Logger;
  /** The brand's public origin, for the links in the shopper's email. */
  linkOrigin: (brand: BrandId) => string;
}

/**
 * A reviewer approves a held order: in one transaction the review and audit rows, the vouchers
 * released, E-gifts and gift cards sent, and the confirmation queued; then the payment is
 * captured (if the gateway does not answer, the payment sweeper captures it later).
 */
export async function approveHeldOrder(
  db: Db,
  services: ReviewServices,
  actor: StaffActor,
  request: { orderId: number; reason: string },
): Promise<{ orderId: number; vouchers: number }> {
  const reason = reviewReason(request.reason);
  const { clock } = services;
  const released = await db.transaction(async (tx) => {
    const order = await recordDecision(tx, clock, actor, { orderId: request.orderId, to: "APPROVED", reason });
    const [shopper] = await tx.select({ firstName: customers.firstName }).from(customers).where(eq(customers.id, order.customerId));
    return releaseHeldOrder(tx, {
      order,
      firstName: shopper?.firstName ?? "",
      actor: reviewerActor(actor),
      at: clock.now(),
      reason,
      clock,
      origin: services.linkOrigin(order.brand),
    });
  });
  try {
    await capturePayment(db, services.provider, request.orderId, clock.now(), reviewerActor(actor));
  } catch (error) {
    services.log.error({ err: error, orderId: request.orderId }, "capturing an approved order's payment failed; the sweeper retries");
  }
  return { orderId: request.orderId, vouchers: released.vouchers };
}
