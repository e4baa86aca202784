import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import { PASSENGER_TITLES, type PassengerErrors } from "../../../modules/travel/passengers";
import { CsrfField } from "../CsrfField";
import { FIELD_INPUT_CLASS, LabelledField } from "../LabelledField";
import { formatStayDay } from "../vouchers/VoucherStay";
import type { CheckoutLine } from "./types";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** A dated travel line in the order summary: dates, nights, guests, rooms and flights. */
export function LineStaySummary({ line }: { line: CheckoutLine }) {
  if (!line.checkInDate || !line.checkOutDate) return null;
  return (
    <dl className="mt-1 text-sm" data-testid="line-stay">
      <div className="flex gap-1">
        <dt className="font-bold">Check-in:</dt>
        <dd>
          <time dateTime={line.checkInDate}>{formatStayDay(line.checkInDate)}</time>
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="font-bold">Check-out:</dt>
        <dd>
          <time dateTime={line.checkOutDate}>{formatStayDay(line.checkOutDate)}</time>
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="font-bold">Stay:</dt>
        <dd>
          {plural(line.numberOfNights ?? 0, "night")}
          {line.guests !== null && `, ${plural(line.guests, "passenger")}`}
          {line.rooms !== null && `, ${plural(line.rooms, "room")}`}
        </dd>
      </div>
      {line.flights && (
        <div className="flex gap-1">
          <dt className="font-bold">Flights:</dt>
          <dd>
            {line.flights.departureAirport} to {line.flights.arrivalAirport} and back
            {line.flights.priceDiff !== 0 && ` (${line.flights.priceDiff > 0 ? "+" : "−"}${formatMoney(Math.abs(line.flights.priceDiff), line.currency)} per passenger)`}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** What the checkout's "passengers" intent answers. */
export interface PassengersResult {
  error?: string;
  passengers?: { lineId: number; saved: boolean; errors?: PassengerErrors[] };
}

const fieldId = (lineId: number, index: number, field: string) => `passenger-${lineId}-${index}-${field}`;
/** Form field names: passenger-{index}-{field}. */
export const passengerFieldName = (index: number, field: string) => `passenger-${index}-${field}`;

const FIELD_ORDER: readonly (keyof PassengerErrors)[] = ["title", "firstNames", "lastName", "dateOfBirth", "contactPhone"];
/** The date of birth's error links to its day box. */
const linkedField = (field: keyof PassengerErrors) => (field === "dateOfBirth" ? "dobDay" : field);

function dobParts(dateOfBirth: string | undefined): { day: string; month: string; year: string } {
  if (!dateOfBirth) return { day: "", month: "", year: "" };
  const [year, month, day] = dateOfBirth.split("-");
  return { day: String(Number(day)), month: String(Number(month)), year };
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
      {error}
    </p>
  ) : null;
}

/**
 * The passenger step (spec §3 Passenger, §5 checkout gate): a form per passenger of a booked
 * stay (title, first names, last name, date of birth in day, month and year boxes; the lead
 * passenger's contact phone), saved with the checkout's "passengers" intent (a plain form post
 * without JavaScript). Problems show beside each field and in a summary that takes the focus.
 */
export function PassengerDetails({ line, csrfToken }: { line: CheckoutLine; csrfToken: string }) {
  const fetcher = useFetcher<PassengersResult>({ key: `checkout-passengers-${line.id}` });
  const summaryRef = useRef<HTMLDivElement>(null);
  // Without JavaScript the form posts the page itself: its answer is the page's action data.
  const posted = useActionData<PassengersResult>();
  const result = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const errors = result?.passengers?.lineId === line.id ? (result.passengers.errors ?? []) : [];
  const saved = result?.passengers?.lineId === line.id && result.passengers.saved;
  const summary = errors.flatMap((problems, index) =>
    FIELD_ORDER.flatMap((field) => (problems[field] ? [{ id: fieldId(line.id, index, linkedField(field)), message: `Passenger ${index + 1}: ${problems[field]}` }] : [])),
  );
  const shown = summary.map((entry) => entry.id + entry.message).join("|");
  useEffect(() => {
    if (shown) summaryRef.current?.focus();
  }, [shown]);
  const guests = line.guests ?? 0;
  const complete = line.passengers !== null && line.passengers.length === guests;
  const headingId = `passengers-${line.id}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="passenger-details">
      <h2 id={headingId} className="mb-1 text-xl font-bold">
        Passenger details
      </h2>
      <p className="mb-3 text-sm">
        {line.title}: {plural(guests, "passenger")}. Names must match their passports or ID. The lead passenger must be 18 or over.
      </p>
      {summary.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby={`${headingId}-problems`} className="mb-4 rounded border-2 border-alert bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400">
          <h3 id={`${headingId}-problems`} className="mb-2 text-lg font-bold">
            There is a problem
          </h3>
          <ul className="list-inside list-disc">
            {summary.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="font-bold text-alert underline">
                  {entry.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result?.error && (
        <p role="alert" className="mb-3 font-bold text-alert">
          {result.error}
        </p>
      )}
      <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="passengers" />
        <input type="hidden" name="lineId" value={line.id} />
        {Array.from({ length: guests }, (_, index) => {
          const stored = line.passengers?.[index];
          const problems = errors[index] ?? {};
          const dob = dobParts(stored?.dateOfBirth);
          const id = (field: string) => fieldId(line.id, index, field);
          const dobHint = id("dob-hint");
          return (
            <fieldset key={index} className="rounded border border-gray-300 p-3">
              <legend className="px-1 font-bold">{index === 0 ? "Passenger 1 (lead passenger)" : `Passenger ${index + 1}`}</legend>
              <div className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr]">
                <LabelledField id={id("title")} label="Title" error={problems.title}>
                  {(control) => (
                    <select {...control} name={passengerFieldName(index, "title")} defaultValue={stored?.title ?? ""} className={FIELD_INPUT_CLASS}>
                      <option value="">Choose…</option>
                      {PASSENGER_TITLES.map((title) => (
                        <option key={title} value={title}>
                          {title}
                        </option>
                      ))}
                    </select>
                  )}
                </LabelledField>
                <LabelledField id={id("firstNames")} label="First names" error={problems.firstNames}>
                  {(control) => (
                    <input
                      {...control}
                      name={passengerFieldName(index, "firstNames")}
                      defaultValue={stored?.firstNames ?? ""}
                      autoComplete={index === 0 ? "given-name" : "off"}
                      className={FIELD_INPUT_CLASS}
                    />
                  )}
                </LabelledField>
                <LabelledField id={id("lastName")} label="Last name" error={problems.lastName}>
                  {(control) => (
                    <input
                      {...control}
                      name={passengerFieldName(index, "lastName")}
                      defaultValue={stored?.lastName ?? ""}
                      autoComplete={index === 0 ? "family-name" : "off"}
                      className={FIELD_INPUT_CLASS}
                    />
                  )}
                </LabelledField>
              </div>
              <fieldset className="mt-3" aria-describedby={problems.dateOfBirth ? `${id("dobDay")}-error` : dobHint}>
                <legend className="mb-1 font-bold">Date of birth</legend>
                <p id={dobHint} className="mb-1 text-sm text-gray-700">
                  For example, 27 3 1985
                </p>
                <div className="flex gap-3">
                  {(
                    [
                      ["dobDay", "Day", dob.day, "w-16", "bday-day"],
                      ["dobMonth", "Month", dob.month, "w-16", "bday-month"],
                      ["dobYear", "Year", dob.year, "w-24", "bday-year"],
                    ] as const
                  ).map(([field, label, value, width, autoComplete]) => (
                    <div key={field}>
                      <label htmlFor={id(field)} className="mb-1 block text-sm font-bold">
                        {label}
                      </label>
                      <input
                        id={id(field)}
                        name={passengerFieldName(index, field)}
                        defaultValue={value}
                        inputMode="numeric"
                        autoComplete={index === 0 ? autoComplete : "off"}
                        aria-invalid={problems.dateOfBirth ? true : undefined}
                        className={`${FIELD_INPUT_CLASS} ${width}`}
                      />
                    </div>
                  ))}
                </div>
                <FieldError id={id("dobDay")} error={problems.dateOfBirth} />
              </fieldset>
              {index === 0 && (
                <LabelledField id={id("contactPhone")} label="Contact phone" error={problems.contactPhone} className="mt-3 max-w-xs">
                  {(control) => (
                    <input
                      {...control}
                      name={passengerFieldName(index, "contactPhone")}
                      type="tel"
                      defaultValue={stored?.contactPhone ?? ""}
                      autoComplete="tel"
                      className={FIELD_INPUT_CLASS}
                    />
                  )}
                </LabelledField>
              )}
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={fetcher.state !== "idle"} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
            Save passenger details
          </button>
          <p role="status" className="text-sm font-bold text-green-800">
            {saved ? "Passenger details saved." : complete && errors.length === 0 ? "Passenger details complete." : ""}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
