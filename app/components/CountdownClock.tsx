import { useEffect, useState } from "react";
import { formatCountdown } from "../../modules/catalog/rules/countdown";

/**
 * dd:hh:mm:ss until an instant, ticking each second in the browser. The server renders the value
 * at request time; the first tick corrects it, so the mismatch warning is expected and silenced.
 */
export function CountdownClock({ until }: { until: string }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={until} suppressHydrationWarning className="font-mono tabular-nums">
      {formatCountdown(end - now)}
    </time>
  );
}
