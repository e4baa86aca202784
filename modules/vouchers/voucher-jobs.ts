import { defineJob, type JobDefinition } from "../jobs/definition";
import { expireVouchers } from "./expire-vouchers";

export function voucherJobs(): JobDefinition[] {
  return [
    defineJob(
      "vouchers.expire",
      // Ready to Redeem vouchers past their expiry become Expired (batches, row locks, idempotent).
      async ({ db, clock, log }) => {
        const expired = await expireVouchers(db, clock.now());
        if (expired > 0) log.info({ expired }, "vouchers expired");
      },
      { schedule: { everyMs: 5 * 60_000 }, maxAttempts: 3 },
    ),
  ];
}
