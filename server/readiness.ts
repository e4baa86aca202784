import type { Database } from "../db/client";

export interface ReadinessOptions {
  /** How long a readiness request waits for the database's own answer (well under the probe's 1 s). */
  waitMs: number;
  /** How recent the last answer must be for a busy database to count as up. */
  freshMs: number;
  now?: () => number;
}

export type Readiness = { ready: true; busy: boolean } | { ready: false; reason: "failed" | "silent"; error?: unknown };

// A closed or unreachable database fails its ping at once, so a short wait loses nothing.
export const READINESS_DEFAULTS: ReadinessOptions = { waitMs: 250, freshMs: 30_000 };

/**
 * /readyz without queueing behind the shop's own work. PGlite is one connection (and a busy
 * PostgreSQL pool has none free), so a `select 1` waits behind every order in a burst: a probe
 * that waited for it took 4.5 s (issue 22). Each check starts one ping (never more than one in
 * flight) and waits up to `waitMs` for it: a success is ready, a failure (closed, unreachable) is
 * not. A ping still queued after that is a busy database, ready if it last answered within
 * `freshMs` and has not failed since; the queued ping refreshes that heartbeat when it gets through.
 */
export function createReadiness(database: Pick<Database, "ping">, options: ReadinessOptions = READINESS_DEFAULTS) {
  const now = options.now ?? (() => performance.now());
  let lastSuccess = Number.NEGATIVE_INFINITY;
  let lastFailure: { at: number; error: unknown } | null = null;
  let inFlight: Promise<boolean> | null = null;

  function ping(): Promise<boolean> {
    inFlight ??= database
      .ping()
      .then(
        () => {
          lastSuccess = now();
          return true;
        },
        (error: unknown) => {
          lastFailure = { at: now(), error };
          return false;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    async check(): Promise<Readiness> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<"waiting">((resolve) => {
        timer = setTimeout(() => resolve("waiting"), options.waitMs);
      });
      const answer = await Promise.race([ping(), waited]);
      clearTimeout(timer);
      if (answer === true) return { ready: true, busy: false };
      if (answer === false) return { ready: false, reason: "failed", error: lastFailure?.error };
      const failedSince = lastFailure !== null && lastFailure.at > lastSuccess;
      if (!failedSince && now() - lastSuccess <= options.freshMs) return { ready: true, busy: true };
      return { ready: false, reason: failedSince ? "failed" : "silent", error: lastFailure?.error };
    },
  };
}
