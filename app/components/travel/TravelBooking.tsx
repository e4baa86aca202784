import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type Currency, formatMoney } from "../../../lib/money";
import type { AvailabilityResponse } from "../../../modules/travel/availability-types";
import { MAX_NIGHTS, MIN_NIGHTS, daysBetween } from "../../../modules/travel/stay-rules";
import { ErrorSummary } from "../ErrorSummary";
import { useToast } from "../Toasts";
import { usePriceViewer } from "../viewer";
import { BookStayForm, type StayBasketFields } from "./BookStayForm";
import { type CalendarMonth, fullDayName, monthOf } from "./calendar-dates";
import { NO_STAY, type StaySelection, chooseDay, datesProblem, landingSelection, withNights } from "./calendar-selection";
import { FlightChooser } from "./FlightChooser";
import { readHotelAdsLanding } from "./hotel-ads";
import { MonthCalendar } from "./MonthCalendar";
import { NoScriptStayForm } from "./NoScriptStayForm";
import { RoomChooser } from "./RoomChooser";
import { StaySummary } from "./StaySummary";
import { type StayProduct } from "./travel-api";
import { useMonthAvailability } from "./use-month-availability";
import { TravelPickers, airportOptions, nightOptions } from "./TravelPickers";
import { TRAVEL_MESSAGES } from "./travel-messages";
import { useStayOptions } from "./use-stay-options";

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
  const landingApplied = useRef(initial !== null && landing.checkIn !== null);
  // A landing's stay is chosen straight away when the server gave the month, else once it loads.
  const [selection, setSelection] = useState<StaySelection>(() =>
    initial && landing.checkIn ? landingSelection({ checkIn: landing.checkIn, checkOut: landing.checkOut }, new Map(initial.calendarDateViewVOList.map((day) => [day.dateString, day]))) : NO_STAY,
  );
  const [announcement, setAnnouncement] = useState<string>(() => (landingApplied.current ? landingAnnouncement(selection) : TRAVEL_MESSAGES.chooseArrival));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const { month, setMonth, days, shown, blocked, loading } = useMonthAvailability({
    dealId,
    leadProductId,
    guests,
    nights,
    airport,
    landing,
    initial,
    checkIn: selection.checkIn,
    onFailure: () => toast(TRAVEL_MESSAGES.calendarProblem, "error"),
  });

  // A hotel-ads landing: its stay is chosen once the calendar knows its days.
  useEffect(() => {
    if (landingApplied.current || landing.checkIn === null || !days.has(landing.checkIn)) return;
    landingApplied.current = true;
    const landed = landingSelection({ checkIn: landing.checkIn, checkOut: landing.checkOut }, days);
    setSelection(landed);
    setAnnouncement(landingAnnouncement(landed));
  }, [days, landing]);

  const { checkIn, checkOut } = selection;
  const { stay, products, productId, setProductId, product, needsFlights, flights, flightKey, setFlightKey, flight, seenAirports } = useStayOptions({
    dealId,
    checkIn,
    checkOut,
    guests,
    airport,
    leadProductId,
    flightsDeal,
  });
  const productViews = shown?.calendarProductViewVOList ?? [];
  const withFlights = flightsDeal || productViews.some((view) => view.withFlights) || (product?.withFlights ?? false);

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
  // The option's price is the charge with the cheapest flights (admin fee included); another pair adds its difference per passenger.
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
        <RoomChooser products={products} chosenId={productId} error={fieldError("travel-product")} priceOf={vipPriceOf} formatPrice={formatPrice} onChoose={setProductId} />
      )}
      {needsFlights && flights && (
        <FlightChooser state={flights} chosenKey={flightKey} error={fieldError("travel-flights")} formatPrice={formatPrice} onChoose={setFlightKey} />
      )}
      {checkIn && checkOut && product && total !== null && (
        <StaySummary checkIn={checkIn} checkOut={checkOut} guests={guests} product={product} flight={flight} total={total} vipUser={viewer.vipUser} formatPrice={formatPrice} />
      )}
      <BookStayForm fields={fields} onSubmit={submit} />
      <noscript>
        <NoScriptStayForm dealId={dealId} products={props.products} leadProductId={leadProductId} />
      </noscript>
    </section>
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
