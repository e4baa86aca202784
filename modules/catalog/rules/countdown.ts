/** "dd:hh:mm:ss" until an instant; all zeros once it has passed. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [days, hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? "" : "s"}`;
}

/**
 * Time left until an instant, read with units ("5 hours 3 minutes left", "2 days 4 hours left"):
 * the two largest units, rounded down, so it never claims more time than there is.
 */
export function formatTimeLeft(remainingMs: number): string {
  const totalMinutes = Math.floor(Math.max(0, remainingMs) / 60_000);
  if (remainingMs <= 0) return "Ended";
  if (totalMinutes === 0) return "Less than a minute left";
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return `${unit(days, "day")}${hours > 0 ? ` ${unit(hours, "hour")}` : ""} left`;
  if (hours > 0) return `${unit(hours, "hour")}${minutes > 0 ? ` ${unit(minutes, "minute")}` : ""} left`;
  return `${unit(minutes, "minute")} left`;
}

/**
 * The checkout reservation's dd:hh:mm:ss in words, for screen readers: "4 days 12 hours 27 minutes". Whole minutes while
 * an hour or more remains (the seconds would only be noise); minutes and seconds in the last hour.
 */
export function describeCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [days > 0 ? unit(days, "day") : "", days > 0 || hours > 0 ? unit(hours, "hour") : "", unit(minutes, "minute")];
  if (days === 0 && hours === 0) parts.push(unit(seconds, "second"));
  return parts.filter(Boolean).join(" ");
}
