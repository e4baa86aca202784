import { ANY_LONDON, LONDON_AIRPORTS, MAX_NIGHTS, MIN_NIGHTS, PASSENGER_COUNTS, roomsFor } from "../../../modules/travel/stay-rules";
import { FIELD_INPUT_CLASS } from "../LabelledField";
import { airportName } from "./flight-text";

/** The nights the picker offers: the deal's supported numbers of nights within 1–16 (all of 1–16 when it names none), and the current one. */
export function nightOptions(supported: readonly number[] | undefined, current: number): number[] {
  const allowed = (supported ?? []).filter((n) => Number.isInteger(n) && n >= MIN_NIGHTS && n <= MAX_NIGHTS);
  const base = allowed.length > 0 ? allowed : Array.from({ length: MAX_NIGHTS - MIN_NIGHTS + 1 }, (_, i) => MIN_NIGHTS + i);
  return [...new Set([...base, current])].sort((a, b) => a - b);
}

export function passengersText(guests: number): string {
  const rooms = roomsFor(guests);
  return `${guests} passengers (${rooms} room${rooms === 1 ? "" : "s"})`;
}

/** Departure airports: any, 'Any London' (spec §9), each London airport, then the others the flights named. */
export function airportOptions(seen: readonly string[]): { value: string; label: string }[] {
  const others = [...new Set(seen)].filter((code) => !(LONDON_AIRPORTS as readonly string[]).includes(code)).sort();
  return [
    { value: "", label: "Any airport" },
    { value: ANY_LONDON, label: ANY_LONDON },
    ...LONDON_AIRPORTS.map((code) => ({ value: code, label: airportName(code) })),
    ...others.map((code) => ({ value: code, label: airportName(code) })),
  ];
}

/** Passengers (2, 4, 6 or 8; one room per two), nights (1–16) and, for flight deals, the departure airport. */
export function TravelPickers(props: {
  guests: number;
  nights: number;
  nightChoices: number[];
  airport: string | null;
  airports: { value: string; label: string }[];
  onGuests: (guests: number) => void;
  onNights: (nights: number) => void;
  onAirport: (airport: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor="travel-passengers" className="mb-1 block font-bold">
          Passengers
        </label>
        <select id="travel-passengers" name="guests" value={props.guests} onChange={(event) => props.onGuests(Number(event.target.value))} className={FIELD_INPUT_CLASS}>
          {PASSENGER_COUNTS.map((count) => (
            <option key={count} value={count}>
              {passengersText(count)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="travel-nights" className="mb-1 block font-bold">
          Nights
        </label>
        <select id="travel-nights" value={props.nights} onChange={(event) => props.onNights(Number(event.target.value))} className={FIELD_INPUT_CLASS}>
          {props.nightChoices.map((count) => (
            <option key={count} value={count}>
              {count} night{count === 1 ? "" : "s"}
            </option>
          ))}
        </select>
      </div>
      {props.airport !== null && (
        <div>
          <label htmlFor="travel-airport" className="mb-1 block font-bold">
            Departure airport
          </label>
          <select id="travel-airport" value={props.airport} onChange={(event) => props.onAirport(event.target.value)} className={FIELD_INPUT_CLASS}>
            {props.airports.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
