import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formatMoney } from "../../lib/money";
import { customers } from "../accounts/schema";
import { returnUnit } from "../inventory/give-back";
import { enqueue } from "../mail/outbox";
import { orderRejectedEmail } from "../orders/review/review-emails";
import { voidPayment } from "../payments/payment-records";
import { soldStay } from "../refunds/give-back-money";
import type { StaffActor } from "../staff/staff-actor";
import { cancelHeldVouchers } from "../vouchers/held-vouchers";
import { addWalletCredit } from "../wallet/wallet";
import type { ReviewServices } from "./approve-held-order";
import { recordDecision, reviewerActor, reviewReason } from "./decide";

/**
 * A reviewer rejects a held order: in one transaction the review and audit rows, the order
 * cancelled, its vouchers cancelled and their units back on sale, wallet credit it spent given
 * back, and the shopper told; then the authorization is voided, so nothing is ever taken (if the
 * gateway does not answer, the payment sweeper voids it later).
 */
export async function rejectHeldOrder(
  db: Db,
  services: ReviewServices,
  actor: StaffActor,
  request: { orderId: number; reason: string },
): Promise<{ orderId: number; vouchers: number }> {
  const reason = reviewReason(request.reason);
  const { clock } = services;
  const cancelled = await db.transaction(async (tx) => {
    const order = await recordDecision(tx, clock, actor, { orderId: request.orderId, to: "REJECTED", reason });
    const at = clock.now();
    const vouchers = await cancelHeldVouchers(tx, { orderId: order.id, actor: reviewerActor(actor), at, reason });
    for (const voucher of vouchers) {
      const stay = await soldStay(tx, voucher.orderLineId);
      await returnUnit(tx, { customerId: voucher.customerId, dealId: voucher.dealId, productId: voucher.productId, soldAt: voucher.createdAt, ...stay });
    }
    const description = `Order ${order.id} cancelled: the credit it used`;
    for (const [balanceType, amount] of [
      ["refundable", order.walletRefundableUsed],
      ["marketing", order.walletMarketingUsed],
    ] as const) {
      if (amount > 0)
        await addWalletCredit(tx, { customerId: order.customerId, currency: order.currency, balanceType, amount, reason: "refund", description, at, orderId: order.id });
    }
    const creditBack = order.walletRefundableUsed + order.walletMarketingUsed;
    const [shopper] = await tx.select({ firstName: customers.firstName }).from(customers).where(eq(customers.id, order.customerId));
    await enqueue(
      tx,
      orderRejectedEmail(
        { brand: order.brand, to: order.email, firstName: shopper?.firstName ?? "", orderId: order.id, origin: services.linkOrigin(order.brand) },
        creditBack > 0 ? formatMoney(creditBack, order.currency) : null,
      ),
      clock,
    );
    return vouchers.length;
  });
  try {
    await voidPayment(db, services.provider, request.orderId, clock.now(), reviewerActor(actor), reason);
  } catch (error) {
    services.log.error({ err: error, orderId: request.orderId }, "voiding a rejected order's payment failed; the sweeper retries");
  }
  return { orderId: request.orderId, vouchers: cancelled };
}
