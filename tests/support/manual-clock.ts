import type { Clock } from "../../lib/clock";

/** A clock tests move by hand (lockout windows, link expiry, rate-limit windows). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: string | Date) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
