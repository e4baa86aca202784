import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type Currency, formatMoney } from "../../../lib/money";
import type { AvailabilityResponse, CalendarDay } from "../../../modules/travel/availability-types";
import { MAX_NIGHTS, MIN_NIGHTS, daysBetween, roomsFor } from "../../../modules/travel/stay-rules";
import { ErrorSummary } from "../ErrorSummary";
import { useToast } from "../Toasts";
import { usePriceViewer } from "../viewer";
import { BookStayForm, type StayBasketFields } from "./BookStayForm";
import { type CalendarMonth, daysInMonth, fullDayName, monthOf, sameMonth, shiftMonth } from "./calendar-dates";
import { NO_STAY, type StaySelection, chooseDay, datesProblem, landingSelection, withNights } from "./calendar-selection";
import { FlightChooser, type FlightsState } from "./FlightChooser";
import { cheapestFlight, flightPairKey, journeyText, leavesFrom } from "./flight-text";
import { isGoogleHotelAds, readHotelAdsLanding } from "./hotel-ads";
import { MonthCalendar } from "./MonthCalendar";
import { type StayProduct, fetchAvailability, fetchFlights, fetchStayProducts } from "./travel-api";
import { TravelPickers, airportOptions, nightOptions, passengersText } from "./TravelPickers";
import { TRAVEL_MESSAGES } from "./travel-messages";

export interface TravelBookingProps {
  dealId: number;
  currency: Currency;
  /** The product in the deal's path (a hotel-ads link's productId lands there): the lead-in product. */
  leadProductId: number | null;
  /** A choose-your-flight deal: flights are picked for the chosen dates. */
  flightsDeal: boolean;
  /** The deal's products, for the form that works without JavaScript. */
  products: { id: number; friendlyName: string }[];
  /** The first month as the server answered it (rendered straight away, refreshed after hydration). */
  initialAvailability?: AvailabilityResponse | null;
}

/** Nights shown before the shopper picks any (see docs/decisions/travel-calendar-ui.md). */
export const DEFAULT_NIGHTS = 2;
/** Spec §9: a check-in this close to its month's end also loads the next month (check-outs may fall there). */
const NEAR_MONTH_END_DAYS = 14;

const monthKey = (month: CalendarMonth) => `${month.year}-${month.month}`;

type StayState = { status: "loading" } | { status: "ready"; products: StayProduct[] };

interface FieldError {
  fieldId: string;
  message: string;
}

/**
 * The deal page's travel booking (spec transactions §2 Travel, §4 Calendar selection): passengers,
 * nights, (for flight deals) the departure airport, the month calendar with the lowest price per
 * day, check-in then check-out, the products and flights for the stay, a summary with the total
 * and Buy now posting the basket's travel fields. Availability comes from the /v1 travel calls
 * after hydration, so the page's HTML stays the same for everyone.
 */
export function TravelBooking(props: TravelBookingProps) {
  const { dealId, currency, leadProductId, flightsDeal } = props;
  const [searchParams] = useSearchParams();
  const landing = useMemo(() => readHotelAdsLanding(searchParams), [searchParams]);
  const viewer = usePriceViewer();
  const toast = useToast();
  const formatPrice = useCallback((minor: number) => formatMoney(minor, currency), [currency]);

  const initial = props.initialAvailability ?? null;
  const landedNights = landing.checkIn && landing.checkOut ? daysBetween(landing.checkIn, landing.checkOut) : null;
  const [guests, setGuests] = useState(landing.guests ?? 2);
  const [nights, setNights] = useState(landedNights !== null && landedNights >= MIN_NIGHTS && landedNights <= MAX_NIGHTS ? landedNights : DEFAULT_NIGHTS);
  const [airport, setAirport] = useState("");
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
  const landingApplied = useRef(initial !== null && landing.checkIn !== null);
  // A landing's stay is chosen straight away when the server gave the month, else once it loads.
  const [selection, setSelection] = useState<StaySelection>(() =>
    initial && landing.checkIn ? landingSelection({ checkIn: landing.checkIn, checkOut: landing.checkOut }, new Map(initial.calendarDateViewVOList.map((day) => [day.dateString, day]))) : NO_STAY,
  );
  const [announcement, setAnnouncement] = useState<string>(() => (landingApplied.current ? landingAnnouncement(selection) : TRAVEL_MESSAGES.chooseArrival));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [stay, setStay] = useState<StayState | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [flights, setFlights] = useState<FlightsState | null>(null);
  const [flightKey, setFlightKey] = useState<string | null>(null);
  const [seenAirports, setSeenAirports] = useState<string[]>([]);
  const refreshedInitial = useRef(initial === null);

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
    fetchAvailability(
      {
        dealId,
        leadProductId,
        month: month?.month ?? null,
        year: month?.year ?? null,
        quantity: guests,
        nights,
        departureAirport: airport || null,
        googleHotelAds: isGoogleHotelAds(landing),
      },
      controller.signal,
    )
      .then((result) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (!result.ok) {
          setFailedKey(requestKey);
          toast(TRAVEL_MESSAGES.calendarProblem, "error");
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
    if (selection.checkIn === null) return;
    const checkInMonth = monthOf(selection.checkIn);
    if (daysInMonth(checkInMonth) - Number(selection.checkIn.slice(8, 10)) >= NEAR_MONTH_END_DAYS) return;
    const next = shiftMonth(checkInMonth, 1);
    const key = `${settingsKey}|${monthKey(next)}`;
    if (answersRef.current[key]) return;
    const controller = new AbortController();
    fetchAvailability(
      { dealId, leadProductId, month: next.month, year: next.year, quantity: guests, nights, departureAirport: airport || null, googleHotelAds: isGoogleHotelAds(landing) },
      controller.signal,
    )
      .then((result) => {
        if (result.ok && !controller.signal.aborted) setAnswers((all) => ({ ...all, [key]: result.availability }));
      })
      .catch(() => {});
    return () => controller.abort();
  }, [selection.checkIn, settingsKey, dealId, leadProductId, guests, nights, airport, landing]);

  // A hotel-ads landing: its stay is chosen once the calendar knows its days.
  useEffect(() => {
    if (landingApplied.current || landing.checkIn === null || !days.has(landing.checkIn)) return;
    landingApplied.current = true;
    const landed = landingSelection({ checkIn: landing.checkIn, checkOut: landing.checkOut }, days);
    setSelection(landed);
    setAnnouncement(landingAnnouncement(landed));
  }, [days, landing]);

  // The products the chosen stay can be booked as (the calendar-products call).
  const { checkIn, checkOut } = selection;
  useEffect(() => {
    if (checkIn === null || checkOut === null) {
      setStay(null);
      return;
    }
    const controller = new AbortController();
    setStay({ status: "loading" });
    fetchStayProducts({ dealId, checkIn, checkOut, quantity: guests, departureAirport: airport || null, leadProductId }, controller.signal)
      .then((products) => {
        if (controller.signal.aborted) return;
        setStay({ status: "ready", products });
        const lead = products.find((product) => product.productId === leadProductId);
        const cheapest = [...products].sort((a, b) => a.price - b.price)[0];
        setProductId((lead ?? cheapest)?.productId ?? null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [dealId, checkIn, checkOut, guests, airport, leadProductId]);

  const products = stay?.status === "ready" ? stay.products : [];
  const product = products.find((candidate) => candidate.productId === productId) ?? null;
  const productViews = shown?.calendarProductViewVOList ?? [];
  const withFlights = flightsDeal || productViews.some((view) => view.withFlights) || (product?.withFlights ?? false);
  const needsFlights = flightsDeal || (product?.withFlights ?? false);

  // The flight pairs for the stay's dates (choose-your-flight).
  useEffect(() => {
    if (!needsFlights || checkIn === null || checkOut === null) {
      setFlights(null);
      return;
    }
    const controller = new AbortController();
    setFlights({ status: "loading" });
    fetchFlights({ dealId, checkIn, checkOut, quantity: guests, departureAirport: airport || null }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          setFlights({ status: "failed" });
          return;
        }
        setSeenAirports((seen) => [...new Set([...seen, ...result.flights.map((option) => option.outboundJourney.departureAirport)])]);
        const options = result.flights.filter((option) => leavesFrom(option, airport));
        setFlights({ status: "ready", options });
        const cheapest = cheapestFlight(options);
        setFlightKey(cheapest ? flightPairKey(cheapest) : null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [needsFlights, dealId, checkIn, checkOut, guests, airport]);

  const flight = flights?.status === "ready" ? (flights.options.find((option) => flightPairKey(option) === flightKey) ?? null) : null;
  const blocked = failedKey === requestKey;
  // The grid appears with the first answer (or, blocked, when the calendar could not be loaded).
  const answeredMonth = shown ? { month: shown.currentMonth, year: shown.currentYear } : null;
  const gridMonth = shown || blocked ? (month ?? answeredMonth ?? monthOf(new Date().toISOString().slice(0, 10))) : null;

  const choose = (day: string) => {
    const outcome = chooseDay(selection, day, days);
    setAnnouncement(outcome.announcement);
    if (outcome.kind === "refused") return;
    setSelection(outcome.selection);
    setErrors([]);
    if (outcome.kind === "check-out" && outcome.selection.checkIn && outcome.selection.checkOut) {
      const length = daysBetween(outcome.selection.checkIn, outcome.selection.checkOut);
      if (length !== nights) setNights(length);
    }
  };

  const changeNights = (count: number) => {
    setNights(count);
    if (selection.checkIn === null) return;
    const next = withNights(selection, count, days);
    setSelection(next);
    setAnnouncement(
      next.checkOut
        ? `Check-out ${fullDayName(next.checkOut)} selected: ${count} night${count === 1 ? "" : "s"}.`
        : `${count} night${count === 1 ? "" : "s"} from ${fullDayName(selection.checkIn)} is not available. ${TRAVEL_MESSAGES.selectCheckOut}`,
    );
  };

  const showMonth = (target: CalendarMonth) => {
    if (!shown) return false;
    setMonth(target);
    return true;
  };

  const vipPriceOf = (candidate: StayProduct) => (viewer.vipUser && candidate.vipPrice !== null ? candidate.vipPrice : candidate.price);
  const total = product ? vipPriceOf(product) + (flight ? flight.priceDiff * guests : 0) : null;

  const fields: StayBasketFields = {
    dealId,
    productId: product?.productId ?? null,
    checkInDate: checkIn,
    checkOutDate: checkOut,
    guests,
    outboundFlightId: flight?.outboundJourney.flightId ?? null,
    inboundFlightId: flight?.inboundJourney.flightId ?? null,
    leadInProductId: landing.landed ? leadProductId : null,
    utmMedium: landing.utmMedium,
    utmSource: landing.utmSource,
  };

  const submit = (event: React.FormEvent) => {
    const problems: FieldError[] = [];
    const dates = datesProblem(selection);
    if (dates) problems.push({ fieldId: "travel-calendar", message: dates });
    else if (stay?.status === "ready" && products.length === 0) problems.push({ fieldId: "travel-calendar", message: TRAVEL_MESSAGES.noProducts });
    else if (stay?.status === "ready" && !product) problems.push({ fieldId: "travel-product", message: TRAVEL_MESSAGES.selectProduct });
    else if (needsFlights && flights?.status !== "loading" && !flight) problems.push({ fieldId: "travel-flights", message: TRAVEL_MESSAGES.chooseFlights });
    const waiting = stay?.status === "loading" || (needsFlights && flights?.status === "loading");
    if (problems.length > 0 || waiting) event.preventDefault();
    setErrors(problems);
  };

  const fieldError = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message ?? null;
  const calendarError = fieldError("travel-calendar");

  return (
    <section aria-labelledby="travel-booking-title" className="flex flex-col gap-4" data-testid="travel-booking">
      <h2 id="travel-booking-title" className="text-xl font-bold">
        Choose your dates
      </h2>
      <ErrorSummary errors={errors} />
      <TravelPickers
        guests={guests}
        nights={nights}
        nightChoices={nightOptions(shown?.supportedNumberOfNights, nights)}
        airport={withFlights ? airport : null}
        airports={airportOptions(seenAirports)}
        onGuests={setGuests}
        onNights={changeNights}
        onAirport={setAirport}
      />
      <p role="status" className="min-h-[1.5rem] font-bold" data-testid="travel-status">
        {announcement}
      </p>
      {calendarError && (
        <p id="travel-calendar-error" className="font-bold text-alert">
          {calendarError}
        </p>
      )}
      {gridMonth ? (
        <MonthCalendar
          month={gridMonth}
          days={blocked ? new Map() : days}
          selection={selection}
          vipUser={viewer.vipUser}
          formatPrice={formatPrice}
          blocked={blocked}
          loading={loading}
          previousMonth={!blocked && shown?.previousAvailable ? shown.previousAvailable : null}
          nextMonth={!blocked && shown?.nextAvailable ? shown.nextAvailable : null}
          onShowMonth={showMonth}
          onChoose={choose}
        />
      ) : (
        <p className="text-gray-800">Loading availability…</p>
      )}
      {blocked && <p className="font-bold text-alert">{TRAVEL_MESSAGES.calendarProblem}</p>}
      <div aria-live="polite" className="flex flex-col gap-4">
        {stay?.status === "loading" && <p>Checking the rooms for your dates…</p>}
        {stay?.status === "ready" && products.length === 0 && <p className="font-bold text-alert">{TRAVEL_MESSAGES.noProducts}</p>}
      </div>
      {products.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-bold">Choose your room</legend>
          {fieldError("travel-product") && <p className="text-sm font-bold text-alert">{fieldError("travel-product")}</p>}
          {products.map((candidate, index) => (
            <label key={candidate.productId} className="flex cursor-pointer items-center gap-3 rounded border border-gray-400 bg-white p-3 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand">
              <input
                type="radio"
                name="travel-product"
                id={index === 0 ? "travel-product" : undefined}
                value={candidate.productId}
                checked={productId === candidate.productId}
                onChange={() => setProductId(candidate.productId)}
                className="size-[1.1rem] shrink-0"
              />
              <span className="flex-1">{candidate.friendlyName}</span>
              <span className="font-bold">{formatPrice(vipPriceOf(candidate))}</span>
            </label>
          ))}
        </fieldset>
      )}
      {needsFlights && flights && (
        <FlightChooser state={flights} chosenKey={flightKey} error={fieldError("travel-flights")} formatPrice={formatPrice} onChoose={setFlightKey} />
      )}
      {checkIn && checkOut && product && total !== null && (
        <section aria-labelledby="travel-summary-title" className="rounded border border-gray-300 bg-gray-50 p-3" data-testid="travel-summary">
          <h3 id="travel-summary-title" className="mb-2 font-bold">
            Your stay
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-bold">Check-in</dt>
            <dd>{fullDayName(checkIn)}</dd>
            <dt className="font-bold">Check-out</dt>
            <dd>{fullDayName(checkOut)}</dd>
            <dt className="font-bold">Nights</dt>
            <dd>{daysBetween(checkIn, checkOut)}</dd>
            <dt className="font-bold">Passengers</dt>
            <dd>{passengersText(guests)}</dd>
            <dt className="font-bold">Option</dt>
            <dd>{product.friendlyName}</dd>
            {flight && (
              <>
                <dt className="font-bold">Flights</dt>
                <dd>
                  {journeyText(flight.outboundJourney)}; return {journeyText(flight.inboundJourney)}
                </dd>
              </>
            )}
          </dl>
          <p className="mt-2 text-lg font-bold" data-testid="travel-total">
            Total {formatPrice(total)}
            {viewer.vipUser && product.vipPrice !== null && <span className="ml-2 rounded bg-black px-1.5 py-0.5 text-xs text-white">VIP price</span>}
          </p>
          <p className="text-sm text-gray-800">Includes all mandatory fees. {roomsFor(guests) > 1 ? `${roomsFor(guests)} rooms.` : "1 room."}</p>
        </section>
      )}
      <BookStayForm fields={fields} onSubmit={submit} />
      <noscript>
        <NoScriptStayForm dealId={dealId} products={props.products} leadProductId={leadProductId} />
      </noscript>
    </section>
  );
}

/**
 * Without JavaScript there is no live calendar: the shopper types the dates, and the basket
 * checks them (the checkout start page asks once more, with its CSRF token).
 */
function NoScriptStayForm({ dealId, products, leadProductId }: { dealId: number; products: { id: number; friendlyName: string }[]; leadProductId: number | null }) {
  return (
    <form method="get" action="/checkout" className="mt-4 flex flex-col gap-3 rounded border border-gray-300 p-3">
      <p>Our calendar needs JavaScript. Choose your dates here instead; we check them before you pay.</p>
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="quantity" value="1" />
      <label className="flex flex-col gap-1 font-bold">
        Option
        <select name="productId" defaultValue={leadProductId ?? products[0]?.id} className="rounded border border-gray-500 bg-white px-3 py-2 font-normal">
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.friendlyName}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Check-in date
        <input type="date" name="checkInDate" required className="rounded border border-gray-500 px-3 py-2 font-normal" />
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Check-out date
        <input type="date" name="checkOutDate" required className="rounded border border-gray-500 px-3 py-2 font-normal" />
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Passengers
        <select name="guests" defaultValue="2" className="rounded border border-gray-500 bg-white px-3 py-2 font-normal">
          {[2, 4, 6, 8].map((count) => (
            <option key={count} value={count}>
              {passengersText(count)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded bg-brand px-5 py-3 font-bold text-white">
        Check dates and buy
      </button>
    </form>
  );
}

/** What the live region says about a landing's stay. */
function landingAnnouncement(landed: StaySelection): string {
  if (landed.checkIn && landed.checkOut) return `Your stay: ${fullDayName(landed.checkIn)} to ${fullDayName(landed.checkOut)}.`;
  if (landed.checkIn) return `Check-in ${fullDayName(landed.checkIn)} selected. ${TRAVEL_MESSAGES.selectCheckOut}`;
  return `Those dates are not available. ${TRAVEL_MESSAGES.chooseArrival}`;
}

/**
 * Deals booked on the calendar (discovery deal types calendar and choose-your-flight, the travel
 * deals the seed dates): travel deals redeemed or shown as a calendar, and choose-your-flight
 * deals. Others keep the option list and Buy now.
 */
export function booksOnCalendar(deal: { dealType: string; productDisplay: { type: string }; redemptionType: string }): boolean {
  if (deal.dealType !== "travel") return false;
  return deal.redemptionType === "calendar" || deal.redemptionType === "choose-your-flight" || deal.productDisplay.type === "calendar";
}
