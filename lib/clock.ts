/** Time is injected so closing dates, countdowns and seasonal themes are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
}

/**
 * Another clock moved forward by a fixed amount: development time travel for one browser (see
 * server/dev-clock.ts), so the after-sale rules (refund windows, expiry) can be tried out.
 */
export function shiftedClock(base: Clock, offsetMs: number): Clock {
  return { now: () => new Date(base.now().getTime() + offsetMs) };
}
