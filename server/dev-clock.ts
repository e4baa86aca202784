import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { shiftedClock } from "../lib/clock";
import type { AppEnv } from "./context";

/** How many days ahead a browser that time-travelled lives (POST /v1/dev/clock). */
export const DEV_CLOCK_COOKIE = "dev_clock_days";
export const MAX_DEV_CLOCK_DAYS = 800;
const DAY_MS = 86_400_000;

export function devClockDays(value: string | undefined): number {
  const days = /^\d{1,3}$/.test(value ?? "") ? Number(value) : 0;
  return Math.min(days, MAX_DEV_CLOCK_DAYS);
}

/**
 * Development time travel (only with the development tools on): a browser that asked sees the
 * shop, and acts in it, that many days ahead; every other visitor, and the background jobs, keep
 * the real time, so journeys running side by side do not move each other's clocks. Clearing the
 * cookie comes back to today.
 */
export function devClock(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const days = devClockDays(getCookie(c, DEV_CLOCK_COOKIE));
    if (days > 0) c.set("clock", shiftedClock(c.get("clock"), days * DAY_MS));
    await next();
  };
}
