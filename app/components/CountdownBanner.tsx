import type { Countdown } from "../../modules/content/themes";
import { CountdownClock } from "./CountdownClock";

/** The 40px bar above the header while a countdown runs (Irish sites, spec discovery §2). */
export function CountdownBanner({ countdown }: { countdown: Countdown }) {
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
