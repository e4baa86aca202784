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
 * The system clock, moved forward on request: time travel for trying the after-sale rules out
 * (refund windows, expiry) with POST /v1/dev/clock. Only the development tools build it (see
 * server/main.ts); production runs on systemClock. Each process has its own.
 */
export class ShiftableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock only moves forward, got ${ms} ms`);
    this.offsetMs += ms;
  }
}
