import type { Db } from "../../db/client";
import { type Clock, systemClock } from "../../lib/clock";
import { jobs } from "./schema";

export interface EnqueueOptions {
  /** When it becomes due (default: now). */
  runAt?: Date;
  /** At most one pending or running job per key: a second enqueue with the key is a no-op. */
  uniqueKey?: string;
  clock?: Clock;
}

/**
 * Queues a job. Pass the caller's transaction as `db`: the job exists if and only if the change
 * that caused it commits. Returns the new job's id, or null when `uniqueKey` is already queued.
 */
export async function enqueueJob(db: Db, name: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<{ id: number } | null> {
  const now = (options.clock ?? systemClock).now();
  const [row] = await db
    .insert(jobs)
    .values({ name, payload, runAt: options.runAt ?? now, uniqueKey: options.uniqueKey ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row ?? null;
}
