import type { BrandId } from "../lib/brand";
import { pruneExpiredSessions } from "../modules/accounts/sessions";
import { notifyBackInStock } from "../modules/catalog/notify-back-in-stock";
import { presumeDelivered } from "../modules/delivery/presume-delivered";
import { expireGiftCards } from "../modules/gift-cards/expire-gift-cards";
import { defineJob, type JobDefinition } from "../modules/jobs/definition";
import { LOYALTY_PURCHASE_JOB, runPurchasePointsJob } from "../modules/loyalty/credit-purchase-points";
import { expireLoyaltyPoints, LOYALTY_EXPIRY_JOB } from "../modules/loyalty/expire-points";
import { pruneFinishedJobs } from "../modules/jobs/prune-jobs";
import type { MailTransport } from "../modules/mail/deliver";
import { mailDeliveryJob } from "../modules/mail/delivery-job";
import { pruneExpiredMerchantSessions } from "../modules/merchants/merchant-sessions";
import { pruneOrderAttempts } from "../modules/orders/prune-order-attempts";
import { settlePayments } from "../modules/orders/settle-payments";
import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";
import { pruneVisitorViews } from "../modules/recently-viewed/recently-viewed";
import { computeRecommendations, RECOMMENDATIONS_JOB } from "../modules/recommendations/compute";
import { REFERRAL_REWARD_JOB, rewardReferrals } from "../modules/referrals/reward-referrals";
import { refundJobs } from "../modules/refunds/refund-jobs";
import { REFUND_RECEIVED_RETURN_JOB, refundReceivedReturn } from "../modules/returns/refund-received-return";
import { pruneRateLimits } from "../modules/security/rate-limit";
import { expireVouchers } from "../modules/vouchers/expire-vouchers";
import { expireMemberships, VIP_EXPIRE_JOB } from "../modules/vip/expire-memberships";
import { remindRenewals, VIP_REMIND_RENEWAL_JOB } from "../modules/vip/remind-renewal";
import { renewDueMemberships, VIP_RENEW_JOB } from "../modules/vip/renew-membership";
import { expireWalletCredit, WALLET_EXPIRY_JOB } from "../modules/wallet/expire-credit";
import { remindExpiringCredit, WALLET_REMINDER_JOB } from "../modules/wallet/remind-expiring-credit";
import { pruneGuestWishlists } from "../modules/wishlist/wishlists";
import { pruneTelemetryEvents } from "../modules/telemetry/prune-events";
import { vipRefundJobs } from "../modules/vip-rewards/refund-jobs";

/**
 * Every background job of the shop. A new kind of job adds its definition here; anything may
 * queue one with `enqueueJob(tx, name, payload)` (modules/jobs/enqueue.ts) in its transaction.
 */
export function shopJobs(deps: {
  mail: { transport: MailTransport; defaultFrom: string } | null;
  /** Each brand's public origin, for absolute links in emails. */
  publicOrigins: Record<BrandId, string>;
}): JobDefinition[] {
  return [
    ...(deps.mail ? [mailDeliveryJob(deps.mail)] : []),
    // Voids authorizations no order uses and retries captures that did not get through (idempotent steps).
    defineJob(
      "payments.settle",
      async ({ db, clock, log }) => {
        await settlePayments({ db, provider: new SandboxPaymentProvider(db, clock), clock, log });
      },
      { schedule: { everyMs: 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "housekeeping.hourly",
      // Expired sessions, old rate-limit counters and abandoned guest data.
      async ({ db, clock }) => {
        await pruneExpiredSessions(db, clock);
        await pruneRateLimits(db, clock);
        await pruneGuestWishlists(db, clock);
        await pruneVisitorViews(db, clock);
        await pruneExpiredMerchantSessions(db, clock);
      },
      { schedule: { everyMs: 3_600_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "telemetry.prune",
      // Browser reports older than the retention (30 days) are deleted.
      async ({ db, clock, log }) => {
        const pruned = await pruneTelemetryEvents(db, clock);
        if (pruned > 0) log.info({ pruned }, "telemetry events pruned");
      },
      { schedule: { everyMs: 6 * 3_600_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "vouchers.expire",
      // Ready to Redeem vouchers past their expiry become Expired (batches, row locks, idempotent).
      async ({ db, clock, log }) => {
        const expired = await expireVouchers(db, clock.now());
        if (expired > 0) log.info({ expired }, "vouchers expired");
      },
      { schedule: { everyMs: 5 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "gift-cards.expire",
      // Issued gift cards 6 months after purchase become Expired (redemption refuses them even before).
      async ({ db, clock, log }) => {
        const expired = await expireGiftCards(db, clock.now());
        if (expired > 0) log.info({ expired }, "gift cards expired");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "deals.notify-back-in-stock",
      // "Notify me": one email per waiting subscriber once their sold-out deal can be bought again.
      async ({ db, clock, log }) => {
        const notified = await notifyBackInStock(db, { now: clock.now(), publicOrigins: deps.publicOrigins });
        if (notified > 0) log.info({ notified }, "back-in-stock emails queued");
      },
      { schedule: { everyMs: 5 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "orders.prune-attempts",
      async ({ db, clock, log }) => {
        log.info({ removed: await pruneOrderAttempts(db, clock) }, "old order attempts removed");
      },
      { schedule: { dailyAtUtc: "03:15" }, maxAttempts: 3 },
    ),
    defineJob(
      "delivery.presume-delivered",
      // Parcels dispatched 14 days ago and never marked delivered count as delivered (returns open).
      async ({ db, clock, log }) => {
        log.info({ delivered: await presumeDelivered(db, clock) }, "parcels presumed delivered");
      },
      { schedule: { dailyAtUtc: "04:15" }, maxAttempts: 3 },
    ),
    defineJob(
      RECOMMENDATIONS_JOB,
      // Item-to-item recommendations from co-purchases and co-views, replaced as a whole each night.
      async ({ db, clock, log }) => {
        log.info(await computeRecommendations(db, { now: clock.now() }), "recommendations computed");
      },
      { schedule: { dailyAtUtc: "02:30" }, maxAttempts: 3, leaseMs: 10 * 60_000 },
    ),
    defineJob(
      "jobs.prune",
      async ({ db, clock, log }) => {
        log.info({ removed: await pruneFinishedJobs(db, clock) }, "finished jobs removed");
      },
      { schedule: { dailyAtUtc: "03:45" }, maxAttempts: 3 },
    ),
    // Card refunds to the gateway (retried) and exchanges of vouchers for wallet credit.
    ...refundJobs((db, clock) => new SandboxPaymentProvider(db, clock)),
    defineJob(
      WALLET_EXPIRY_JOB,
      // Wallet credit 12 months old with something left gets its expiry entry (under the wallet lock, idempotent).
      async ({ db, clock, log }) => {
        const expired = await expireWalletCredit(db, clock.now());
        if (expired > 0) log.info({ expired }, "wallet credits expired");
      },
      { schedule: { everyMs: 15 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      WALLET_REMINDER_JOB,
      // "Your wallet credit expires soon": once per credit, 30 days before it expires.
      async ({ db, clock, log }) => {
        const emailed = await remindExpiringCredit(db, { now: clock.now(), linkOrigin: (brand) => deps.publicOrigins[brand] });
        if (emailed > 0) log.info({ emailed }, "wallet expiry reminders queued");
      },
      { schedule: { dailyAtUtc: "09:30" }, maxAttempts: 3 },
    ),
    defineJob(
      LOYALTY_PURCHASE_JOB,
      // Club points for an order's vouchers, 30 days after it (queued by the order; refunded vouchers earn nothing).
      async ({ db, clock, log, payload }) => {
        const credited = await runPurchasePointsJob(db, clock, payload);
        if (credited > 0) log.info({ credited, orderId: payload.orderId }, "Club purchase points credited");
      },
    ),
    defineJob(
      LOYALTY_EXPIRY_JOB,
      // Club points 6 months old with something left get their expiry entry (under the Club account lock, idempotent).
      async ({ db, clock, log }) => {
        const expired = await expireLoyaltyPoints(db, clock.now());
        if (expired > 0) log.info({ expired }, "Club points expired");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      REFERRAL_REWARD_JOB,
      // Refer a friend: 14 days after a referred friend's first order, 10 of wallet credit for the referrer unless refunded (once per friend).
      async ({ db, clock, log }) => {
        const settled = await rewardReferrals(db, { now: clock.now(), linkOrigin: (brand) => deps.publicOrigins[brand] });
        if (settled.rewarded + settled.voided > 0) log.info(settled, "referrals settled");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      VIP_REMIND_RENEWAL_JOB,
      // "Your VIP membership renews on …": once per renewal, 14 days ahead, with the price and the link to cancel.
      async ({ db, clock, log }) => {
        const emailed = await remindRenewals(db, { now: clock.now(), linkOrigin: (brand) => deps.publicOrigins[brand] });
        if (emailed > 0) log.info({ emailed }, "VIP renewal reminders queued");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      VIP_RENEW_JOB,
      // Charges due renewals on the saved card, only after the reminder (idempotent: one charge per period).
      async ({ db, clock, log }) => {
        const provider = new SandboxPaymentProvider(db, clock);
        const counts = await renewDueMemberships(db, { provider, linkOrigin: (brand) => deps.publicOrigins[brand], log }, { now: clock.now() });
        if (counts.renewed + counts.failed > 0) log.info(counts, "VIP renewals charged");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 5 },
    ),
    defineJob(
      VIP_EXPIRE_JOB,
      // Memberships whose period passed without a renewal go back to ELIGIBLE (VIP prices stop).
      async ({ db, clock, log }) => {
        const ended = await expireMemberships(db, { now: clock.now() });
        if (ended > 0) log.info({ ended }, "VIP memberships ended");
      },
      { schedule: { everyMs: 15 * 60_000 }, maxAttempts: 3 },
    ),
    // The VIP cash-refund form's requests, and refunds of VIP charges made without an order.
    ...vipRefundJobs({ providerFor: (db, clock) => new SandboxPaymentProvider(db, clock), linkOrigin: (brand) => deps.publicOrigins[brand] }),
    defineJob(REFUND_RECEIVED_RETURN_JOB, async ({ db, clock, log, payload }) => {
      const linkOrigin = (brand: BrandId) => deps.publicOrigins[brand];
      await refundReceivedReturn(db, { provider: new SandboxPaymentProvider(db, clock), clock, log, linkOrigin }, { voucherId: Number(payload.voucherId) });
    }),
  ];
}
