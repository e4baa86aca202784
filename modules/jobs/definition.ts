import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { checkSchedule, type Schedule } from "./schedule";

export interface JobContext {
  db: Db;
  clock: Clock;
  log: Logger;
  payload: Record<string, unknown>;
  /** The job row's id and which attempt this is (1 for the first). */
  job: { id: number; attempt: number };
}

export type JobHandler = (context: JobContext) => Promise<void>;

/** Exponential backoff between attempts: about baseMs, 2×, 4×… (with jitter), never above maxMs. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface JobDefinition {
  name: string;
  handler: JobHandler;
  /** Failed runs are retried until this many attempts, then the job is parked as dead. */
  maxAttempts: number;
  backoff: Backoff;
  /** How long a claim lasts without a heartbeat; the runner renews it while the handler runs. */
  leaseMs: number;
  /** A recurring job: the runner keeps one pending row for it (unique key `schedule:<name>`). */
  schedule?: Schedule;
}

export interface JobOptions {
  maxAttempts?: number;
  backoff?: Backoff;
  leaseMs?: number;
  schedule?: Schedule;
}

const DEFAULTS = { maxAttempts: 8, backoff: { baseMs: 10_000, maxMs: 3_600_000 }, leaseMs: 60_000 };

/** Names a job and its handler. Handlers must tolerate running again: a crash after the work but before "done" repeats it. */
export function defineJob(name: string, handler: JobHandler, options: JobOptions = {}): JobDefinition {
  if (options.schedule) checkSchedule(name, options.schedule);
  return { name, handler, ...DEFAULTS, ...options };
}

export function scheduleKey(name: string): string {
  return `schedule:${name}`;
}
