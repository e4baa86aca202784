import type { Backoff } from "./definition";

/**
 * Delay before the next attempt after `attempt` failed: the exponential step (base, 2×base, 4×base…
 * capped at maxMs) with "equal jitter" (between half and all of it), so jobs that failed together
 * (a mail server down) do not all come back at the same instant.
 */
export function retryDelayMs(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}
