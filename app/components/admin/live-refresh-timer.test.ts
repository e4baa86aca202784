import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { awayTooLong, startRefreshTimer, type VisiblePage } from "./live-refresh-timer";

/** A page whose visibility the test switches, telling its listeners as a browser does. */
function fakePage() {
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: "visible",
    addEventListener: (_type: "visibilitychange", listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: "visibilitychange", listener: () => void) => listeners.delete(listener),
  };
  const show = (state: "visible" | "hidden") => {
    page.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { page: page as VisiblePage, show, listeners };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startRefreshTimer", () => {
  it("asks for the next reading 30 seconds after one, once", () => {
    const { page } = fakePage();
    const refresh = vi.fn();
    startRefreshTimer(page, refresh, 30_000, Date.now());
    vi.advanceTimersByTime(29_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("asks nothing while the tab is hidden, and at once when it is shown after the 30 seconds", () => {
    const { page, show } = fakePage();
    const refresh = vi.fn();
    startRefreshTimer(page, refresh, 30_000, Date.now());
    vi.advanceTimersByTime(10_000);
    show("hidden");
    vi.advanceTimersByTime(600_000);
    expect(refresh).not.toHaveBeenCalled();
    show("visible");
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shown again within the 30 seconds, waits only for what is left of them", () => {
    const { page, show } = fakePage();
    const refresh = vi.fn();
    startRefreshTimer(page, refresh, 30_000, Date.now());
    vi.advanceTimersByTime(10_000);
    show("hidden");
    vi.advanceTimersByTime(5_000);
    show("visible");
    vi.advanceTimersByTime(14_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("starts nothing in a tab opened hidden, and stops listening when stopped", () => {
    const { page, show, listeners } = fakePage();
    show("hidden");
    const refresh = vi.fn();
    const stop = startRefreshTimer(page, refresh, 30_000, Date.now());
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
    expect(listeners.size).toBe(0);
    show("visible");
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("counts the 30 seconds from the reading, not from the start (a timer restarted late asks at once)", () => {
    const { page } = fakePage();
    const refresh = vi.fn();
    startRefreshTimer(page, refresh, 30_000, Date.now() - 45_000);
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("awayTooLong", () => {
  it("stops the automatic readings once the person has been away for the session's idle limit", () => {
    expect(awayTooLong(0, 29 * 60_000, 30 * 60_000)).toBe(false);
    expect(awayTooLong(0, 30 * 60_000, 30 * 60_000)).toBe(true);
  });
});
