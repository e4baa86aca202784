import { Form, useNavigation } from "react-router";
import { AccountFormMessage } from "../AccountField";
import { CsrfField } from "../CsrfField";
import { ErrorSummary } from "../ErrorSummary";
import { FIELD_INPUT_CLASS } from "../LabelledField";
import { formatDateTime } from "./voucher-format";

/** A calendar day (YYYY-MM-DD) as "Fri 12 March 2027": a date, not an instant, so no time zone moves it. */
export function formatStayDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

interface FlightLeg {
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  departsAt: string;
  arrivesAt: string;
}

export interface StayRow {
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  guests: number;
  rooms: number;
  flights: { outbound: FlightLeg | null; inbound: FlightLeg | null; departureAirport: string; arrivalAirport: string } | null;
  passengers: { title: string; firstNames: string; lastName: string; dateOfBirth: string }[];
}

export interface BookingRow {
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  guests: number;
  status: string;
  statusText: string;
}

function Flight({ label, leg, timeZone }: { label: string; leg: FlightLeg; timeZone: string }) {
  return (
    <div>
      <dt className="font-bold">{label}</dt>
      <dd>
        {leg.flightNumber}: {leg.departureAirport} to {leg.arrivalAirport}, departs <time dateTime={leg.departsAt}>{formatDateTime(leg.departsAt, timeZone)}</time>, arrives{" "}
        <time dateTime={leg.arrivesAt}>{formatDateTime(leg.arrivesAt, timeZone)}</time>
      </dd>
    </div>
  );
}

/** The stay a travel voucher was bought for: dates, nights, guests, flights and passengers. */
export function VoucherStay({ stay, timeZone }: { stay: StayRow; timeZone: string }) {
  return (
    <section aria-labelledby="voucher-stay" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" data-testid="voucher-stay">
      <h2 id="voucher-stay" className="mb-3 text-xl font-bold">
        Your stay
      </h2>
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="font-bold">Check-in</dt>
          <dd>
            <time dateTime={stay.checkInDate}>{formatStayDay(stay.checkInDate)}</time>
          </dd>
        </div>
        <div>
          <dt className="font-bold">Check-out</dt>
          <dd>
            <time dateTime={stay.checkOutDate}>{formatStayDay(stay.checkOutDate)}</time>
          </dd>
        </div>
        <div>
          <dt className="font-bold">Length of stay</dt>
          <dd>{plural(stay.nights, "night")}</dd>
        </div>
        <div>
          <dt className="font-bold">Guests</dt>
          <dd>
            {plural(stay.guests, "passenger")}, {plural(stay.rooms, "room")}
          </dd>
        </div>
      </dl>
      {stay.flights && (
        <>
          <h3 className="mt-4 mb-2 text-lg font-bold">Flights</h3>
          <dl className="flex flex-col gap-2">
            {stay.flights.outbound && <Flight label="Outbound" leg={stay.flights.outbound} timeZone={timeZone} />}
            {stay.flights.inbound && <Flight label="Return" leg={stay.flights.inbound} timeZone={timeZone} />}
          </dl>
        </>
      )}
      {stay.passengers.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 text-lg font-bold">Passengers</h3>
          <ol className="list-inside list-decimal" data-testid="voucher-passengers">
            {stay.passengers.map((passenger, index) => (
              <li key={index}>
                {passenger.title} {passenger.firstNames} {passenger.lastName}
                {index === 0 ? " (lead passenger)" : ""}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export const BOOK_CHECK_IN_FIELD = "booking-check-in";
export const BOOK_CHECK_OUT_FIELD = "booking-check-out";

export interface BookDatesResult {
  values?: { checkIn: string; checkOut: string };
  fieldErrors?: { checkIn?: string; checkOut?: string };
  formError?: string;
  requested?: boolean;
}

function DateField({ id, name, label, hint, value, min, max, error }: { id: string; name: string; label: string; hint: string; value: string; min: string; max?: string; error?: string }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-1 text-sm text-gray-700">
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="date"
        min={min}
        max={max}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={FIELD_INPUT_CLASS}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Booking calendar on redemption: the stay asked for and its answer, and (when the voucher can be
 * used) a form to ask for dates. The merchant confirms or declines.
 */
export function VoucherBooking({
  booking,
  bookable,
  csrfToken,
  result,
}: {
  booking: BookingRow | null;
  bookable: { firstCheckIn: string; lastCheckIn: string } | null;
  csrfToken: string;
  result: BookDatesResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  const summary = [
    ...(errors.checkIn ? [{ fieldId: BOOK_CHECK_IN_FIELD, message: errors.checkIn }] : []),
    ...(errors.checkOut ? [{ fieldId: BOOK_CHECK_OUT_FIELD, message: errors.checkOut }] : []),
  ];
  return (
    <section aria-labelledby="voucher-booking" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" data-testid="voucher-booking">
      <h2 id="voucher-booking" className="mb-3 text-xl font-bold">
        Book your stay
      </h2>
      {booking && (
        <div className="mb-4" role={result?.requested ? "status" : undefined}>
          <p>
            <span className="font-bold">{booking.statusText}</span>
          </p>
          <p>
            <time dateTime={booking.checkInDate}>{formatStayDay(booking.checkInDate)}</time> to <time dateTime={booking.checkOutDate}>{formatStayDay(booking.checkOutDate)}</time> ({plural(booking.nights, "night")}, {plural(booking.guests, "guest")})
          </p>
        </div>
      )}
      {bookable ? (
        <>
          <p className="mb-4">Choose your check-in and check-out dates. The merchant confirms them, usually within 3 working days.</p>
          <ErrorSummary errors={summary} />
          <AccountFormMessage error={result?.formError} />
          <Form method="post" noValidate className="max-w-md">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="book-dates" />
            <DateField
              id={BOOK_CHECK_IN_FIELD}
              name="checkIn"
              label="Check-in date"
              hint={`From ${formatStayDay(bookable.firstCheckIn)} to ${formatStayDay(bookable.lastCheckIn)}.`}
              value={result?.values?.checkIn ?? ""}
              min={bookable.firstCheckIn}
              max={bookable.lastCheckIn}
              error={errors.checkIn}
            />
            <DateField
              id={BOOK_CHECK_OUT_FIELD}
              name="checkOut"
              label="Check-out date"
              hint="The day you leave."
              value={result?.values?.checkOut ?? ""}
              min={bookable.firstCheckIn}
              error={errors.checkOut}
            />
            <button type="submit" disabled={busy} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Request these dates
            </button>
          </Form>
        </>
      ) : (
        !booking && <p>This voucher can't be booked online right now. Please contact the merchant.</p>
      )}
    </section>
  );
}
