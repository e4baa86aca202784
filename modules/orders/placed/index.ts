import { closeBasketStep } from "./close-basket";
import { confirmationEmailStep } from "./confirmation-email";
import type { OrderPlacedContext, OrderPlacedStep } from "./context";
import { grantVipYearStep } from "./grant-vip-year";
import { issueGiftCardsStep } from "./issue-gift-cards";
import { issueVouchersStep } from "./issue-vouchers";
import { openShipmentsStep } from "./open-shipments";
import { recordPaymentStep } from "./record-payment";
import { redeemPromoCodeStep } from "./redeem-promo-code";
import { reviewForFraudStep } from "./review-for-fraud";
import { referralFirstOrderStep } from "./referral-first-order";
import { scheduleClubPointsStep } from "./schedule-club-points";
import { sellStockStep } from "./sell-stock";
import { sendEGiftsStep } from "./send-e-gifts";
import { spendWalletCreditStep } from "./spend-wallet-credit";

export type { OrderAuthorization, OrderPlacedContext, OrderPlacedStep } from "./context";

/**
 * What happens once an order is written, in order, inside the order's transaction: any failure
 * rolls the whole order back. A new kind of line (gift card, travel night) adds its step: a file in
 * this folder and an entry here.
 */
export const ORDER_PLACED_STEPS: readonly OrderPlacedStep[] = [
  reviewForFraudStep,
  issueVouchersStep,
  openShipmentsStep,
  sellStockStep,
  spendWalletCreditStep,
  redeemPromoCodeStep,
  recordPaymentStep,
  closeBasketStep,
  confirmationEmailStep,
  grantVipYearStep,
  sendEGiftsStep,
  issueGiftCardsStep,
  scheduleClubPointsStep,
  referralFirstOrderStep,
];

export async function runOrderPlacedSteps(context: OrderPlacedContext): Promise<void> {
  for (const step of ORDER_PLACED_STEPS) await step.run(context);
}
