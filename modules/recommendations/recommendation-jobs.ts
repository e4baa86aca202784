import { defineJob, type JobDefinition } from "../jobs/definition";
import { computeRecommendations, RECOMMENDATIONS_JOB } from "./compute";

export function recommendationJobs(): JobDefinition[] {
  return [
    defineJob(
      RECOMMENDATIONS_JOB,
      // Item-to-item recommendations from co-purchases and co-views, replaced as a whole each night.
      async ({ db, clock, log }) => {
        log.info(await computeRecommendations(db, { now: clock.now() }), "recommendations computed");
      },
      { schedule: { dailyAtUtc: "02:30" }, maxAttempts: 3, leaseMs: 10 * 60_000 },
    ),
  ];
}
