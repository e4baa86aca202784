import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** pending: waiting for run_at; running: leased by an instance; done; dead: gave up (operator may retry). */
export type JobStatus = "pending" | "running" | "done" | "dead";

/**
 * Named background jobs in PostgreSQL. An instance claims a due job with a lease (FOR UPDATE SKIP
 * LOCKED), runs it, and marks it done; a failure is retried with backoff until max_attempts, then
 * parked as dead. A job whose lease ran out (its instance died) is claimed again. Scheduled jobs
 * (cron-like) keep one pending row per schedule, found by unique_key.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    /** At most one pending or running job per key (e.g. "schedule:outbox", "voucher-expiry:123"). */
    uniqueKey: text("unique_key"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_lease_idx").on(t.leaseUntil).where(sql`${t.status} = 'running'`),
    index("jobs_status_idx").on(t.status, t.name),
    uniqueIndex("jobs_unique_key_uq").on(t.uniqueKey).where(sql`${t.status} in ('pending', 'running')`),
  ],
);
