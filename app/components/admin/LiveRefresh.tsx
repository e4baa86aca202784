import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { awayTooLong, startRefreshTimer } from "./live-refresh-timer";

/** How often a live page reads its figures again while it is on screen. */
export const LIVE_REFRESH_MS = 30_000;

/** What counts as the person being there: a key, a click or tap, or the tab shown again. */
const ACTIVITY_EVENTS = ["keydown", "pointerdown", "visibilitychange"] as const;

/**
 * A live page's "Updated HH:MM:SS" and "Refresh now": the page's loader runs again every 30 seconds
 * while the tab is visible (a hidden tab asks nothing; coming back after 30 seconds reads at once).
 * The ticks are silent: nothing is announced on its own, since a screen reader would be interrupted
 * every 30 seconds; only a refresh the person asked for is confirmed, once, in a status message.
 * After `pauseAfterMs` without a key, click or tab switch the readings stop (each one renews the
 * staff session, which must still end when nobody is there); the next activity resumes them.
 */
export function LiveRefresh({ at, updated, pauseAfterMs }: { at: string; updated: string; pauseAfterMs: number }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const asked = useRef(false);
  const [confirmation, setConfirmation] = useState("");
  const [paused, setPaused] = useState(false);
  const lastActivity = useRef(0);
  const readAt = useRef(0);

  useEffect(() => {
    lastActivity.current = Date.now();
    const active = () => {
      if (document.visibilityState === "hidden") return;
      lastActivity.current = Date.now();
      setPaused(false);
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, active);
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, active);
    };
  }, []);

  // Each new reading (a new `at`) starts the next 30 seconds; the tab's visibility stops and resumes them.
  useEffect(() => {
    readAt.current = Date.now();
  }, [at]);
  useEffect(() => {
    if (paused) return;
    const next = () => {
      if (awayTooLong(lastActivity.current, Date.now(), pauseAfterMs)) setPaused(true);
      else void revalidate.current();
    };
    return startRefreshTimer(document, next, LIVE_REFRESH_MS, readAt.current);
  }, [at, paused, pauseAfterMs]);

  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    setConfirmation(`Figures updated at ${updated}.`);
  }, [at, updated]);

  const refreshing = revalidator.state === "loading";
  return (
    <div className="mb-6 flex flex-wrap items-center gap-4">
      <p data-testid="live-updated">
        Updated <time dateTime={at}>{updated}</time> (UK time);{" "}
        {paused ? "paused while nobody is using this page: press a key, click, or Refresh now to read again." : "reads again every 30 seconds while this tab is open."}
      </p>
      <button
        type="button"
        onClick={() => {
          // Confirmed when the next reading arrives, whichever request brings it (the tick the click woke may already be reading).
          asked.current = true;
          if (!refreshing) void revalidator.revalidate();
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
