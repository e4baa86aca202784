import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { startRefreshTimer } from "./live-refresh-timer";

/** How often a live page reads its figures again while it is on screen. */
export const LIVE_REFRESH_MS = 30_000;

/**
 * A live page's "Updated HH:MM:SS" and "Refresh now": the page's loader runs again every 30 seconds
 * while the tab is visible (a hidden tab asks nothing; coming back after 30 seconds reads at once).
 * The ticks are silent: nothing is announced on its own, since a screen reader would be interrupted
 * every 30 seconds; only a refresh the person asked for is confirmed, once, in a status message.
 */
export function LiveRefresh({ at, updated }: { at: string; updated: string }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const asked = useRef(false);
  const [confirmation, setConfirmation] = useState("");

  // Each new reading (a new `at`) starts the next 30 seconds; the tab's visibility stops and resumes them.
  useEffect(() => startRefreshTimer(document, () => void revalidate.current(), LIVE_REFRESH_MS), [at]);

  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    setConfirmation(`Figures updated at ${updated}.`);
  }, [at, updated]);

  const refreshing = revalidator.state === "loading";
  return (
    <div className="mb-6 flex flex-wrap items-center gap-4">
      <p data-testid="live-updated">
        Updated <time dateTime={at}>{updated}</time> (UK time); reads again every 30 seconds while this tab is open.
      </p>
      <button
        type="button"
        onClick={() => {
          if (refreshing) return;
          asked.current = true;
          void revalidator.revalidate();
        }}
        // Not `disabled` while it reads: a disabled button would drop the keyboard focus.
        aria-disabled={refreshing}
        className="rounded border-2 border-brand px-4 py-2 font-bold text-brand-dark hover:bg-gray-50"
      >
        {/* One name whatever the state: a focused button renamed every 30 seconds would be read out each time. */}
        Refresh now
      </button>
      <p role="status" className="sr-only">
        {confirmation}
      </p>
    </div>
  );
}
