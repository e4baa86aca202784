/** The part of `document` the timer listens to (a test passes its own). */
export interface VisiblePage {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/**
 * Waits until `everyMs` after a reading (`readAt`), then asks for the next one; while the page is
 * hidden it waits for nothing (a background tab costs the database no queries), and a page shown
 * again after the wait has run out asks at once. Returns the function that stops it.
 */
export function startRefreshTimer(page: VisiblePage, refresh: () => void, everyMs: number, readAt: number, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (page.visibilityState === "hidden") return;
    timer = setTimeout(refresh, Math.max(0, readAt + everyMs - now()));
  };
  schedule();
  page.addEventListener("visibilitychange", schedule);
  return () => {
    clearTimeout(timer);
    page.removeEventListener("visibilitychange", schedule);
  };
}

/**
 * Whether the person has been away long enough for the automatic readings to stop: each reading
 * renews the staff session, so a tab left open must not keep it alive past its idle limit.
 */
export const awayTooLong = (lastActivityAt: number, now: number, pauseAfterMs: number) => now - lastActivityAt >= pauseAfterMs;
