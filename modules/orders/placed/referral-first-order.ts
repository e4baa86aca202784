import { recordReferredFirstOrder } from "../../referrals/first-order";
import { previousAddresses } from "../previous-addresses";
import type { OrderPlacedStep } from "./context";

/** Refer a friend: a referred customer's first paid order starts the 14-day wait for the referrer's reward. */
export const referralFirstOrderStep: OrderPlacedStep = {
  name: "referral first order",
  run: ({ tx, order, vouchers, now, voucherReadyMs, actor }) =>
    recordReferredFirstOrder(
      tx,
      {
        customerId: order.customerId,
        orderId: order.id,
        paid: order.total + order.walletRefundableUsed + order.walletMarketingUsed,
        vouchers: vouchers.length,
        vouchersAvailableAt: new Date(now.getTime() + voucherReadyMs),
        deliveryAddress: { addressLine1: order.addressLine1, postcode: order.postcode },
        at: now,
        actor,
      },
      (customerId) => previousAddresses(tx, customerId),
    ),
};
