import { defineJob, type JobDefinition } from "../jobs/definition";
import { type DueDealMove, takeDueDeals } from "../catalog/deal-lifecycle";
import type { FileStorage } from "../../lib/file-storage";
import { reindexDeals } from "../search/index-deals";
import { PHOTO_SWEEP_BATCH_SIZE, sweepRemovedPhotos } from "./sweep-removed-photos";

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

/** Nightly: the files of photos taken off deals more than a week ago, batch after batch. */
function photoSweepJob(storage: FileStorage): JobDefinition {
  return defineJob(
    "deal-photos.sweep",
    async ({ db, clock, log }) => {
      let deleted = 0;
      for (;;) {
        const batch = await sweepRemovedPhotos(db, storage, clock.now());
        deleted += batch;
        if (batch < PHOTO_SWEEP_BATCH_SIZE) break;
      }
      if (deleted > 0) log.info({ photos: deleted }, "removed photos' files deleted");
    },
    { schedule: { dailyAtUtc: "03:40" }, maxAttempts: 3 },
  );
}

export function dealPipelineJobs(deps: { storage: FileStorage }): JobDefinition[] {
  // Scheduled deals go live within a minute of their go-live time and join the search results;
  // live and paused deals close within a minute of their closing time and leave them.
  return [dueDealJob("deals.go-live", "scheduled deals are live"), dueDealJob("deals.close", "deals past their closing time are closed"), photoSweepJob(deps.storage)];
}
