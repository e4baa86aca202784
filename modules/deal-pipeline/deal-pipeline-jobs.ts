import { defineJob, type JobDefinition } from "../jobs/definition";
import { type DueDealMove, takeDueDeals } from "../catalog/deal-lifecycle";
import { reindexDeals } from "../search/index-deals";

/** A job that carries out the clock's move every minute and tells search about the deals it moved. */
function dueDealJob(name: DueDealMove, done: string): JobDefinition {
  return defineJob(
    name,
    async ({ db, clock, log }) => {
      const moved = await takeDueDeals(db, name, clock.now());
      if (moved.length === 0) return;
      await reindexDeals(db, moved, clock);
      log.info({ deals: moved }, done);
    },
    { schedule: { everyMs: 60_000 }, maxAttempts: 3 },
  );
}

export function dealPipelineJobs(): JobDefinition[] {
  // Scheduled deals go live within a minute of their go-live time and join the search results;
  // live and paused deals close within a minute of their closing time and leave them.
  return [dueDealJob("deals.go-live", "scheduled deals are live"), dueDealJob("deals.close", "deals past their closing time are closed")];
}
