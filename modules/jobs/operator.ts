import { and, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type JobStatus, jobs } from "./schema";

export type Job = typeof jobs.$inferSelect;

export const JOB_STATUSES: readonly JobStatus[] = ["pending", "running", "done", "dead"];

/** The newest jobs first, optionally only one status and/or name. */
export async function listJobs(db: Db, filter: { status?: JobStatus; name?: string; limit?: number } = {}): Promise<Job[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(jobs.status, filter.status));
  if (filter.name) conditions.push(eq(jobs.name, filter.name));
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.id))
    .limit(filter.limit ?? 50);
}

export type RetryOutcome =
  | { outcome: "retried"; job: Job }
  | { outcome: "not-found" }
  | { outcome: "not-dead"; job: Job }
  /** Another queued job holds the same unique key (for a schedule: its next run), so this one would run twice. */
  | { outcome: "already-queued"; job: Job; queued: Job };

/** Puts a dead job back to pending, due now, with a fresh count of attempts. */
export async function retryJob(db: Db, id: number, clock: Clock): Promise<RetryOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
    if (!job) return { outcome: "not-found" };
    if (job.status !== "dead") return { outcome: "not-dead", job };
    if (job.uniqueKey) {
      const [queued] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.uniqueKey, job.uniqueKey), inArray(jobs.status, ["pending", "running"]), ne(jobs.id, id)));
      if (queued) return { outcome: "already-queued", job, queued };
    }
    const now = clock.now();
    const [retried] = await tx
      .update(jobs)
      .set({ status: "pending", attempts: 0, runAt: now, leaseUntil: null, lockedBy: null, finishedAt: null, updatedAt: now })
      .where(eq(jobs.id, id))
      .returning();
    return { outcome: "retried", job: retried };
  });
}
