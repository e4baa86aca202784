import { defineJob, type JobDefinition } from "../jobs/definition";
import { LOYALTY_PURCHASE_JOB, runPurchasePointsJob } from "./credit-purchase-points";
import { expireLoyaltyPoints, LOYALTY_EXPIRY_JOB } from "./expire-points";

export function loyaltyJobs(): JobDefinition[] {
  return [
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
  ];
}
