import { defineJob, type JobDefinition } from "../jobs/definition";
import { pruneTelemetryEvents } from "./prune-events";

export function telemetryJobs(): JobDefinition[] {
  return [
    defineJob(
      "telemetry.prune",
      // Browser reports older than the retention (30 days) are deleted.
      async ({ db, clock, log }) => {
        const pruned = await pruneTelemetryEvents(db, clock);
        if (pruned > 0) log.info({ pruned }, "telemetry events pruned");
      },
      { schedule: { everyMs: 6 * 3_600_000 }, maxAttempts: 3 },
    ),
  ];
}
