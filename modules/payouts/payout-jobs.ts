import { and, eq, isNotNull } from "drizzle-orm";
import { defineJob, type JobDefinition } from "../jobs/definition";
import { latestCutoff, type PayoutCutoff } from "./cutoff";
import { runPayouts } from "./run-payouts";
import { payoutRuns } from "./schema";

/**
 * The payout run: hourly, it checks whether the latest cut-off (PAYOUT_CUTOFF, Wednesday 14:00 by
 * default) has had its run, and makes it if not. A run cut short by a crash has no finish time, so
 * the next check resumes it; runPayouts never pays a voucher twice.
 */
export function payoutJobs(cutoff: PayoutCutoff): JobDefinition[] {
  return [
    defineJob(
      "payouts.run",
      async ({ db, clock, log }) => {
        const cutoffAt = latestCutoff(cutoff, clock.now());
        const [done] = await db
          .select({ id: payoutRuns.id })
          .from(payoutRuns)
          .where(and(eq(payoutRuns.cutoffAt, cutoffAt), isNotNull(payoutRuns.finishedAt)));
        if (done) return;
        const result = await runPayouts(db, clock, { cutoffAt, timeZone: cutoff.timeZone, startedBy: "Payout schedule" });
        log.info({ runId: result.runId, cutoffAt, payoutsMade: result.payoutsMade }, "payout run");
      },
      { schedule: { everyMs: 3_600_000 }, maxAttempts: 5 },
    ),
  ];
}
