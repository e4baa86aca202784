import { useEffect, useState } from "react";
import { describeCountdown, formatCountdown } from "../../modules/catalog/rules/countdown";

/**
 * dd:hh:mm:ss until an instant, ticking each second in the browser. The server renders the value
 * at request time; the first tick corrects it, so the mismatch warning is expected and silenced.
 * Screen readers get the time in words ("4 days 12 hours 27 minutes") instead of the digits; it is
 * not a live region, so nothing is announced as it ticks.
 */
export function CountdownClock({ until }: { until: string }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={until} className="font-mono tabular-nums" data-testid="countdown">
      <span aria-hidden="true" suppressHydrationWarning>
        {formatCountdown(end - now)}
      </span>
      <span className="sr-only" suppressHydrationWarning>
        {describeCountdown(end - now)}
      </span>
    </time>
  );
}
