import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { jobs } from "./schema";

/** Finished jobs are kept this long for looking into; dead ones stay until an operator deals with them. */
export const KEEP_DONE_JOBS_DAYS = 14;

export async function pruneFinishedJobs(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - KEEP_DONE_JOBS_DAYS * 86_400_000);
  const removed = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lt(jobs.finishedAt, cutoff)))
    .returning({ id: jobs.id });
  return removed.length;
}
