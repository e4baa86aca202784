import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AvailabilityResponse, CalendarDay } from "../../../modules/travel/availability-types";
import { type CalendarMonth, daysInMonth, monthOf, sameMonth, shiftMonth } from "./calendar-dates";
import { type HotelAdsLanding, isGoogleHotelAds } from "./hotel-ads";
import { fetchAvailability } from "./travel-api";

/** Spec §9: a check-in this close to its month's end also loads the next month (check-outs may fall there). */
const NEAR_MONTH_END_DAYS = 14;

const monthKey = (month: CalendarMonth) => `${month.year}-${month.month}`;

interface MonthAvailabilityInput {
  dealId: number;
  leadProductId: number | null;
  guests: number;
  nights: number;
  airport: string;
  landing: HotelAdsLanding;
  /** The first month as the server answered it, or null. */
  initial: AvailabilityResponse | null;
  /** The chosen check-in: near its month's end, the next month is loaded too. */
  checkIn: string | null;
  /** Told when a month could not be loaded (the calendar is then blocked). */
  onFailure: () => void;
}

/**
 * The travel calendar's availability, month by month: the month shown, every day loaded for the
 * current guests, nights and airport, and whether loading failed. Each (settings, month) pair is
 * fetched once; the server-rendered first month is refreshed once after hydration.
 */
export function useMonthAvailability({ dealId, leadProductId, guests, nights, airport, landing, initial, checkIn, onFailure }: MonthAvailabilityInput) {
  const [month, setMonth] = useState<CalendarMonth | null>(() =>
    landing.checkIn ? monthOf(landing.checkIn) : initial ? { month: initial.currentMonth, year: initial.currentYear } : null,
  );
  const settingsKey = `${guests}|${nights}|${airport}`;
  // Answers per settings and month; a ref mirrors them so the fetch effect can look without re-running.
  const [answers, setAnswers] = useState<Record<string, AvailabilityResponse>>(() =>
    initial ? { [`${guests}|${nights}|${airport}|${monthKey({ month: initial.currentMonth, year: initial.currentYear })}`]: initial } : {},
  );
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const refreshedInitial = useRef(initial === null);

  // One month's question for the current settings (null: the first month with availability).
  const availabilityQuery = useCallback(
    (target: CalendarMonth | null) => ({
      dealId,
      leadProductId,
      month: target?.month ?? null,
      year: target?.year ?? null,
      quantity: guests,
      nights,
      departureAirport: airport || null,
      googleHotelAds: isGoogleHotelAds(landing),
    }),
    [dealId, leadProductId, guests, nights, airport, landing],
  );

  const requestKey = `${settingsKey}|${month ? monthKey(month) : "first"}`;
  const answer = month ? answers[`${settingsKey}|${monthKey(month)}`] : undefined;
  // The month's answer for these settings, else the last one shown (kept while the new one loads).
  const lastShown = useRef<AvailabilityResponse | undefined>(undefined);
  if (answer) lastShown.current = answer;
  const shown = answer ?? lastShown.current;

  // Every loaded day for the current settings (a stay may cross into a month loaded before).
  const days = useMemo(() => {
    const lookup = new Map<string, CalendarDay>();
    const prefix = `${settingsKey}|`;
    for (const [key, value] of Object.entries(answers)) {
      if (key.startsWith(prefix)) for (const day of value.calendarDateViewVOList) lookup.set(day.dateString, day);
    }
    if (lookup.size === 0 && shown) for (const day of shown.calendarDateViewVOList) lookup.set(day.dateString, day);
    return lookup;
  }, [answers, settingsKey, shown]);

  // The month's availability: fetched when the settings or the month change (once per pair), and
  // once more after hydration when the server rendered the first month (it may be a cached page).
  useEffect(() => {
    const cached = month ? answersRef.current[`${settingsKey}|${monthKey(month)}`] : undefined;
    if (cached && refreshedInitial.current) return;
    refreshedInitial.current = true;
    const controller = new AbortController();
    setLoading(true);
    fetchAvailability(availabilityQuery(month), controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (!result.ok) {
          setFailedKey(requestKey);
          onFailure();
          return;
        }
        const answered = { month: result.availability.currentMonth, year: result.availability.currentYear };
        setFailedKey(null);
        setAnswers((all) => ({ ...all, [`${settingsKey}|${monthKey(answered)}`]: result.availability }));
        if (!month || !sameMonth(month, answered)) setMonth(answered);
      })
      .catch(() => {
        // Aborted: a newer request took over.
      });
    return () => controller.abort();
    // requestKey names everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  // A check-in near its month's end: load the next month too, so check-outs there are known.
  useEffect(() => {
    if (checkIn === null) return;
    const checkInMonth = monthOf(checkIn);
    if (daysInMonth(checkInMonth) - Number(checkIn.slice(8, 10)) >= NEAR_MONTH_END_DAYS) return;
    const next = shiftMonth(checkInMonth, 1);
    const key = `${settingsKey}|${monthKey(next)}`;
    if (answersRef.current[key]) return;
    const controller = new AbortController();
    fetchAvailability(availabilityQuery(next), controller.signal)
      .then((result) => {
        if (result.ok && !controller.signal.aborted) setAnswers((all) => ({ ...all, [key]: result.availability }));
      })
      .catch(() => {});
    return () => controller.abort();
  }, [checkIn, settingsKey, availabilityQuery]);

  return {
    month,
    setMonth,
    days,
    shown,
    blocked: failedKey === requestKey,
    loading,
  };
}
