import type { BrandId } from "../../lib/brand";
import { defineJob, type JobDefinition } from "../jobs/definition";
import { REFERRAL_REWARD_JOB, rewardReferrals } from "./reward-referrals";

export function referralJobs(deps: { linkOrigin: (brand: BrandId) => string }): JobDefinition[] {
  return [
    defineJob(
      REFERRAL_REWARD_JOB,
      // Refer a friend: 14 days after a referred friend's first order, 10 of wallet credit for the referrer unless refunded (once per friend).
      async ({ db, clock, log }) => {
        const settled = await rewardReferrals(db, { now: clock.now(), linkOrigin: deps.linkOrigin });
        if (settled.rewarded + settled.voided > 0) log.info(settled, "referrals settled");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
  ];
}
