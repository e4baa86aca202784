import { useEffect, useState } from "react";
import type { Countdown } from "../../modules/content/themes";
import { CountdownClock } from "./CountdownClock";

/**
 * The 40px bar above the header while a countdown runs (Irish sites, spec discovery §2). It goes
 * away the moment its end passes, even on a page rendered (or cached) before: the urgency shoppers
 * see is always true (docs/decisions/admin-marketing.md).
 */
export function CountdownBanner({ countdown }: { countdown: Countdown }) {
  const ended = useEnded(countdown.endsAt);
  if (ended) return null;
  const content = (
    <>
      {countdown.label} <CountdownClock until={countdown.endsAt} />
    </>
  );
  return (
    <div className="flex min-h-[2.875rem] flex-wrap items-center px-4 justify-center bg-black text-sm font-bold text-white" role="region" aria-label="Countdown">
      {countdown.link ? (
        <a href={countdown.link} className="hover:underline">
          {content}
        </a>
      ) : (
        content
      )}
    </div>
  );
}

/** False as the server rendered it, then true from the instant `until` passes in the browser. */
function useEnded(until: string): boolean {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const left = new Date(until).getTime() - Date.now();
    if (left <= 0) {
      setEnded(true);
      return;
    }
    // Timers longer than about 24.8 days overflow; a page is not open that long.
    const timer = setTimeout(() => setEnded(true), Math.min(left, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [until]);
  return ended;
}
