import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigation } from "react-router";

/** Spec §9: the REFRESHED state returns to READY after 4000 ms. */
export const REFRESHED_MS = 4000;
/** How long "no longer reserved" shows before the basket is refreshed by itself. */
const EXPIRED_NOTICE_MS = 1500;

export type ReservationPhase = "RESERVED" | "EXPIRED" | "REFRESHING" | "REFRESHED" | "NONE";

/**
 * The reservation countdown (spec §4 Basket reservation): reserved at price with a countdown, then
 * no longer reserved, then refreshing (the items are held again if still free), then availability
 * confirmed for four seconds, then a new countdown. Counts from when the data arrived, so a
 * browser clock that is off does not matter.
 */
export function useReservation(countdown: { reservedUntil: string | null; serverTime: string }, hasLines: boolean, csrfToken: string) {
  const refresh = useFetcher<{ refreshed?: { allHeld: boolean } }>({ key: "checkout-refresh" });
  // The checkout's own address, fixed when it opened: a refresh that fires while Pay is taking the
  // shopper to the confirmation must still post here, not to the page being navigated to.
  const { pathname } = useLocation();
  const [action] = useState(pathname);
  const leaving = useNavigation().state !== "idle";
  const received = useRef({ key: "", at: 0, remaining: 0 });
  const [now, setNow] = useState<number | null>(null);
  const [refreshedUntil, setRefreshedUntil] = useState(0);
  const autoRefreshed = useRef<string | null>(null);
  const triedUnheld = useRef(false);

  const remainingAtServer = countdown.reservedUntil ? Date.parse(countdown.reservedUntil) - Date.parse(countdown.serverTime) : 0;
  const dataKey = `${countdown.reservedUntil}|${countdown.serverTime}`;

  useEffect(() => {
    // Count down from the moment this data arrived.
    received.current = { key: dataKey, at: Date.now(), remaining: remainingAtServer };
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [dataKey, remainingAtServer]);

  const counting = now !== null && received.current.key === dataKey;
  const remaining = counting ? received.current.remaining - (now - received.current.at) : remainingAtServer;
  const refreshing = refresh.state !== "idle";

  // A refresh that came back: "availability confirmed" for four seconds.
  const lastRefresh = refresh.data?.refreshed;
  useEffect(() => {
    if (refresh.state === "idle" && lastRefresh) setRefreshedUntil(Date.now() + REFRESHED_MS);
  }, [refresh.state, lastRefresh]);

  const expired = hasLines && counting && remaining <= 0;
  // A hold that ran out is refreshed by itself, once; a basket arriving with nothing held is tried
  // once per visit, so lines whose stock has gone do not make it refresh again and again.
  const ranOut = expired && (countdown.reservedUntil !== null || !triedUnheld.current);
  useEffect(() => {
    if (!ranOut || refreshing || leaving || autoRefreshed.current === dataKey) return;
    const timer = setTimeout(() => {
      autoRefreshed.current = dataKey;
      if (countdown.reservedUntil === null) triedUnheld.current = true;
      refresh.submit({ intent: "refresh", _csrf: csrfToken }, { method: "post", action });
    }, EXPIRED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [ranOut, refreshing, leaving, dataKey, refresh, csrfToken, countdown.reservedUntil, action]);

  let phase: ReservationPhase = "NONE";
  if (refreshing) phase = "REFRESHING";
  else if (now !== null && now < refreshedUntil) phase = "REFRESHED";
  else if (!hasLines) phase = "NONE";
  else if (expired || !countdown.reservedUntil) phase = "EXPIRED";
  else phase = "RESERVED";

  return {
    phase,
    remainingMs: Math.max(0, remaining),
    allHeld: lastRefresh?.allHeld ?? true,
    refreshNow: () => refresh.submit({ intent: "refresh", _csrf: csrfToken }, { method: "post", action }),
  };
}
