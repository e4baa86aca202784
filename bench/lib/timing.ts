/**
 * Timing for in-process benchmarks (use cases called directly against the database, no HTTP):
 * one call after another, or a fixed number of workers in a loop for a while.
 */
import { percentile } from "./shopper";

export interface Timings {
  calls: number;
  errors: number;
  /** Calls per second over the measured wall time. */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function summarise(samples: number[], errors: number, seconds: number): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  return { calls: samples.length + errors, errors, perSecond: (samples.length + errors) / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Calls `call(i)` `times` times one after another, after `warmUp` untimed calls (cold caches, JIT). */
export async function timeSerially(times: number, call: (i: number) => Promise<unknown>, warmUp = 10): Promise<Timings> {
  for (let i = 0; i < warmUp; i++) await call(i);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await call(i);
    samples.push(performance.now() - t0);
  }
  return summarise(samples, 0, (performance.now() - started) / 1000);
}

/**
 * `workers` loops calling `call(worker)` until `seconds` have passed or a call answers false
 * (nothing left to work on). A call that throws counts as an error, its time not sampled.
 */
export async function timeConcurrently(workers: number, seconds: number, call: (worker: number) => Promise<boolean>): Promise<Timings & { ranOut: boolean; firstError: string | null }> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let ranOut = false;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          if (!(await call(worker))) {
            ranOut = true;
            return;
          }
          samples.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { ...summarise(samples, errors, (performance.now() - started) / 1000), ranOut, firstError };
}
