import { hostname } from "node:os";
import { and, asc, eq, inArray, lt, lte, or } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { retryDelayMs } from "./backoff";
import { type JobDefinition, scheduleKey } from "./definition";
import { enqueueJob } from "./enqueue";
import { nextRunAt } from "./schedule";
import { jobs } from "./schema";

type JobRow = typeof jobs.$inferSelect;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  jobs: readonly JobDefinition[];
  /** Shown to operators as who holds a job; default host:pid. */
  instanceId?: string;
  /** How long to wait before looking again when nothing is due. */
  pollMs?: number;
  random?: () => number;
}

/**
 * Runs due jobs one at a time in this instance. A job is claimed with `FOR UPDATE SKIP LOCKED` and
 * a lease, so several instances share the queue and never run one job at the same time; the lease
 * is renewed while the handler runs, and a job whose lease ran out (its instance died) is claimed
 * again. Every write after the claim is fenced on the attempt number, so an instance that lost its
 * lease cannot overwrite the outcome of the one that took over.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly instanceId: string;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: JobRunnerOptions) {
    for (const definition of options.jobs) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
      this.definitions.set(definition.name, definition);
    }
    this.instanceId = options.instanceId ?? `${hostname()}:${process.pid}`;
  }

  /** Makes sure every scheduled job has its pending row (a no-op when another instance made it). */
  async ensureSchedules(): Promise<void> {
    const now = this.options.clock.now();
    for (const definition of this.definitions.values()) {
      if (!definition.schedule) continue;
      const runAt = "everyMs" in definition.schedule ? now : nextRunAt(definition.schedule, now);
      await enqueueJob(this.options.db, definition.name, {}, { runAt, uniqueKey: scheduleKey(definition.name), clock: this.options.clock });
    }
  }

  /** Claims and runs one due job; false when none was due. */
  async runOnce(): Promise<boolean> {
    const claimed = await this.claim();
    if (claimed && claimed !== "buried") await this.run(claimed);
    return claimed !== null;
  }

  /** Runs jobs in the background until stop(). */
  start(): void {
    this.loop ??= this.work();
  }

  /** Claims nothing more and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  private async work(): Promise<void> {
    let schedulesReady = false;
    while (!this.stopping) {
      let ran = false;
      try {
        if (!schedulesReady) await this.ensureSchedules();
        schedulesReady = true;
        ran = await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, "job runner could not reach the jobs table; trying again");
      }
      if (!ran && !this.stopping) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs ?? 1000);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The claimed job; "buried" when the due job was a dead instance's last attempt; null when nothing is due. */
  private async claim(): Promise<{ job: JobRow; definition: JobDefinition } | "buried" | null> {
    const { db, clock } = this.options;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [candidate] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.name, [...this.definitions.keys()]),
            or(and(eq(jobs.status, "pending"), lte(jobs.runAt, now)), and(eq(jobs.status, "running"), lt(jobs.leaseUntil, now))),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!candidate) return null;
      const definition = this.definitions.get(candidate.name)!;
      if (candidate.status === "running" && candidate.attempts >= definition.maxAttempts) {
        // Its last attempt died with its instance (perhaps killed by the job itself): do not try again.
        await this.failed(tx, candidate, definition, "lease expired: the instance running it stopped");
        return "buried";
      }
      const [job] = await tx
        .update(jobs)
        .set({
          status: "running",
          attempts: candidate.attempts + 1,
          maxAttempts: definition.maxAttempts,
          leaseUntil: new Date(now.getTime() + definition.leaseMs),
          lockedBy: this.instanceId,
          updatedAt: now,
        })
        .where(eq(jobs.id, candidate.id))
        .returning();
      return { job, definition };
    });
  }

  private async run({ job, definition }: { job: JobRow; definition: JobDefinition }): Promise<void> {
    const { db, clock } = this.options;
    const log = this.options.log.child({ job: job.name, jobId: job.id });
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ leaseUntil: new Date(clock.now().getTime() + definition.leaseMs) })
        .where(this.fence(job))
        .catch((error: unknown) => log.warn({ err: error }, "renewing a job's lease failed"));
    }, definition.leaseMs / 3);
    heartbeat.unref();
    try {
      await definition.handler({ db, clock, log, payload: job.payload, job: { id: job.id, attempt: job.attempts } });
    } catch (error) {
      await this.failed(db, job, definition, error instanceof Error ? error.message : String(error));
      return;
    } finally {
      clearInterval(heartbeat);
    }
    await this.succeeded(job, definition);
  }

  private async succeeded(job: JobRow, definition: JobDefinition): Promise<void> {
    const now = this.options.clock.now();
    const done = { leaseUntil: null, lastError: null, finishedAt: now, updatedAt: now };
    // A schedule reuses its row for the next run: no row per run, however often it runs.
    const next = this.isScheduleRow(job, definition)
      ? { ...done, status: "pending" as const, attempts: 0, lockedBy: null, runAt: nextRunAt(definition.schedule!, now) }
      : { ...done, status: "done" as const };
    const updated = await this.options.db.update(jobs).set(next).where(this.fence(job)).returning({ id: jobs.id });
    if (updated.length === 0) this.options.log.warn({ job: job.name, jobId: job.id }, "job finished after its lease ran out and another instance took it over");
  }

  private async failed(db: Db, job: JobRow, definition: JobDefinition, message: string): Promise<void> {
    const now = this.options.clock.now();
    const lastError = message.slice(0, 2000);
    const log = this.options.log.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    if (job.attempts < definition.maxAttempts) {
      const runAt = new Date(now.getTime() + retryDelayMs(definition.backoff, job.attempts, this.options.random));
      await db.update(jobs).set({ status: "pending", runAt, lastError, leaseUntil: null, updatedAt: now }).where(this.fence(job));
      log.warn({ error: lastError, retryAt: runAt }, "job failed; it will be retried");
      return;
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(jobs)
        .set({ status: "dead", lastError, leaseUntil: null, finishedAt: now, updatedAt: now })
        .where(this.fence(job))
        .returning({ id: jobs.id });
      // A dead run must not end its schedule: the next run gets a fresh row.
      if (updated.length > 0 && this.isScheduleRow(job, definition)) {
        await enqueueJob(tx, job.name, {}, { runAt: nextRunAt(definition.schedule!, now), uniqueKey: job.uniqueKey!, clock: this.options.clock });
      }
    });
    log.error({ error: lastError }, "job gave up after its last attempt; it is dead until an operator retries it");
  }

  private isScheduleRow(job: JobRow, definition: JobDefinition): boolean {
    return definition.schedule !== undefined && job.uniqueKey === scheduleKey(job.name);
  }

  /** Matches the job only while it is still this claim: each claim raises the attempt number. */
  private fence(job: JobRow) {
    return and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));
  }
}
