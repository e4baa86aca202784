/**
 * When a scheduled job runs: every so often (counted from the end of the previous run, so a slow
 * run never piles up catch-up runs) or once a day at a UTC time of day.
 */
export type Schedule = { everyMs: number } | { dailyAtUtc: string };

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** Throws on a schedule that could never run, so a typo fails at start-up rather than silently. */
export function checkSchedule(name: string, schedule: Schedule): void {
  if ("everyMs" in schedule) {
    if (!Number.isInteger(schedule.everyMs) || schedule.everyMs < 1000) throw new Error(`job ${name}: everyMs must be a whole number of milliseconds, at least 1000`);
  } else if (!TIME_OF_DAY.test(schedule.dailyAtUtc)) {
    throw new Error(`job ${name}: dailyAtUtc must look like "03:30"`);
  }
}

/** The first run after `after`. */
export function nextRunAt(schedule: Schedule, after: Date): Date {
  if ("everyMs" in schedule) return new Date(after.getTime() + schedule.everyMs);
  const [, hours, minutes] = TIME_OF_DAY.exec(schedule.dailyAtUtc)!;
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), Number(hours), Number(minutes));
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}
