import { defineJob, type JobDefinition } from "./definition";
import { pruneFinishedJobs } from "./prune-jobs";

/** The jobs table's own upkeep: jobs done more than 14 days ago are removed. */
export function jobsTableJobs(): JobDefinition[] {
  return [
    defineJob(
      "jobs.prune",
      async ({ db, clock, log }) => {
        log.info({ removed: await pruneFinishedJobs(db, clock) }, "finished jobs removed");
      },
      { schedule: { dailyAtUtc: "03:45" }, maxAttempts: 3 },
    ),
  ];
}
