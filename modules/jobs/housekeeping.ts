import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "./definition";

/** One module's clean-up of what has outlived its use (expired sessions, old counters, guest data). */
export type Prune = (db: Db, clock: Clock) => Promise<unknown>;

/**
 * The hourly clean-up: each module hands in its prune (server/jobs.ts lists them), run one after
 * another in one job.
 */
export function housekeepingJob(prunes: readonly Prune[]): JobDefinition {
  return defineJob(
    "housekeeping.hourly",
    async ({ db, clock }) => {
      for (const prune of prunes) await prune(db, clock);
    },
    { schedule: { everyMs: 3_600_000 }, maxAttempts: 3 },
  );
}
