/** "dd:hh:mm:ss" until an instant; all zeros once it has passed. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [days, hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The same time in words, for screen readers: "4 days 12 hours 27 minutes". Whole minutes while
 * an hour or more remains (the seconds would only be noise); minutes and seconds in the last hour.
 */
export function describeCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [days > 0 ? plural(days, "day") : "", days > 0 || hours > 0 ? plural(hours, "hour") : "", plural(minutes, "minute")];
  if (days === 0 && hours === 0) parts.push(plural(seconds, "second"));
  return parts.filter(Boolean).join(" ");
}
