import { defineJob, type JobDefinition } from "../jobs/definition";
import { takeDueDealsLive } from "../catalog/deal-lifecycle";
import { reindexDeals } from "../search/index-deals";

export function dealPipelineJobs(): JobDefinition[] {
  return [
    defineJob(
      "deals.go-live",
      // Scheduled deals go live within a minute of their go-live time, and join the search results.
      async ({ db, clock, log }) => {
        const live = await takeDueDealsLive(db, clock.now());
        if (live.length === 0) return;
        await reindexDeals(db, live, clock);
        log.info({ deals: live }, "scheduled deals are live");
      },
      { schedule: { everyMs: 60_000 }, maxAttempts: 3 },
    ),
  ];
}
