import { useEffect, useState } from "react";
import { formatTimeLeft } from "../../modules/catalog/rules/countdown";

/**
 * Time left until an instant, with units ("5 hours 3 minutes left"), always to a real deadline the
 * caller passes (a deal's closing date, a countdown banner's end). It refreshes twice a minute and
 * is not a live region: screen readers read it when they reach it, not on every tick. The server
 * renders the value at request time; the first refresh corrects it (mismatch warning silenced).
 */
export function CountdownClock({ until }: { until: string }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={until} suppressHydrationWarning className="tabular-nums" data-testid="countdown">
      {formatTimeLeft(end - now)}
    </time>
  );
}
