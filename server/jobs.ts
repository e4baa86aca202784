import type { BrandId } from "../lib/brand";
import { pruneExpiredSessions } from "../modules/accounts/sessions";
import { catalogJobs } from "../modules/catalog/catalog-jobs";
import { dealPipelineJobs } from "../modules/deal-pipeline/deal-pipeline-jobs";
import { deliveryJobs } from "../modules/delivery/delivery-jobs";
import { giftCardJobs } from "../modules/gift-cards/gift-card-jobs";
import type { JobDefinition } from "../modules/jobs/definition";
import { housekeepingJob } from "../modules/jobs/housekeeping";
import { jobsTableJobs } from "../modules/jobs/jobs-jobs";
import { loyaltyJobs } from "../modules/loyalty/loyalty-jobs";
import { mailDeliveryJob } from "../modules/mail/delivery-job";
import { pruneExpiredMerchantSessions } from "../modules/merchants/merchant-sessions";
import { ORDER_WEBHOOK_HANDLERS } from "../modules/orders/challenge-webhook";
import { orderJobs } from "../modules/orders/order-jobs";
import { paymentJobs } from "../modules/payments/payment-jobs";
import { parsePayoutCutoff, UK_PAYOUT_TIME_ZONE } from "../modules/payouts/cutoff";
import { payoutJobs } from "../modules/payouts/payout-jobs";
import { pruneVisitorViews } from "../modules/recently-viewed/recently-viewed";
import { pruneExpiredStaffSessions } from "../modules/staff/staff-sessions";
import { recommendationJobs } from "../modules/recommendations/recommendation-jobs";
import { referralJobs } from "../modules/referrals/referral-jobs";
import { refundJobs } from "../modules/refunds/refund-jobs";
import { returnJobs } from "../modules/returns/return-jobs";
import { pruneRateLimits } from "../modules/security/rate-limit";
import { telemetryJobs } from "../modules/telemetry/telemetry-jobs";
import { vipJobs } from "../modules/vip/vip-jobs";
import { vipRefundJobs } from "../modules/vip-rewards/refund-jobs";
import { voucherJobs } from "../modules/vouchers/voucher-jobs";
import { walletJobs } from "../modules/wallet/wallet-jobs";
import { pruneGuestWishlists } from "../modules/wishlist/wishlists";
import type { Adapters } from "./adapters";

/**
 * Every background job of the shop: each module exports its own definitions (`<module>-jobs.ts`)
 * and this list only gathers them, handing over the adapters they need. A module with new jobs
 * adds one line here; anything may queue one with `enqueueJob(tx, name, payload)`
 * (modules/jobs/enqueue.ts) in its transaction.
 */
export function shopJobs(deps: {
  adapters: Pick<Adapters, "mail" | "paymentProvider" | "storage">;
  /** Sender of mail that names none (MAIL_FROM). */
  defaultFrom: string;
  /** Each brand's public origin, for absolute links in emails. */
  publicOrigins: Record<BrandId, string>;
  /** When the weekly payout run closes (PAYOUT_CUTOFF, checked by the configuration). */
  payoutCutoff: string;
}): JobDefinition[] {
  const providerFor = deps.adapters.paymentProvider;
  const linkOrigin = (brand: BrandId) => deps.publicOrigins[brand];
  const mail = deps.adapters.mail;
  return [
    ...(mail ? [mailDeliveryJob({ transport: mail, defaultFrom: deps.defaultFrom })] : []),
    // Expired sessions, old rate-limit counters and abandoned guest data.
    housekeepingJob([pruneExpiredSessions, pruneRateLimits, pruneGuestWishlists, pruneVisitorViews, pruneExpiredMerchantSessions, pruneExpiredStaffSessions]),
    ...jobsTableJobs(),
    ...orderJobs({ providerFor }),
    ...paymentJobs({ webhookHandlers: ORDER_WEBHOOK_HANDLERS }),
    ...telemetryJobs(),
    ...voucherJobs(),
    ...giftCardJobs(),
    ...catalogJobs({ publicOrigins: deps.publicOrigins }),
    ...dealPipelineJobs({ storage: deps.adapters.storage }),
    ...deliveryJobs(),
    ...recommendationJobs(),
    // Card refunds to the gateway (retried) and exchanges of vouchers for wallet credit.
    ...refundJobs(providerFor),
    ...walletJobs({ linkOrigin }),
    ...loyaltyJobs(),
    ...referralJobs({ linkOrigin }),
    ...vipJobs({ providerFor, linkOrigin }),
    // The VIP cash-refund form's requests, and refunds of VIP charges made without an order.
    ...vipRefundJobs({ providerFor, linkOrigin }),
    ...returnJobs({ providerFor, linkOrigin }),
    ...payoutJobs(parsePayoutCutoff(deps.payoutCutoff, UK_PAYOUT_TIME_ZONE)!),
  ];
}
