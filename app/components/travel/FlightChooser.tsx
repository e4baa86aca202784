import type { FlightOption } from "../../../modules/travel/availability-types";
import { flightPairKey, journeyText, priceDiffText } from "./flight-text";
import { TRAVEL_MESSAGES } from "./travel-messages";

export type FlightsState = { status: "loading" } | { status: "failed" } | { status: "ready"; options: FlightOption[] };

/**
 * Choose-your-flight: the flight pairs for the chosen dates from the chosen airport, each with its
 * times and its price difference per passenger, as one radio group. Says when the flights could
 * not be fetched (spec §8 text), when none leave at the chosen times, and when there is no
 * alternative to the one pair.
 */
export function FlightChooser({
  state,
  chosenKey,
  error,
  formatPrice,
  onChoose,
}: {
  state: FlightsState;
  chosenKey: string | null;
  error: string | null;
  formatPrice: (minor: number) => string;
  onChoose: (key: string) => void;
}) {
  if (state.status === "loading") {
    return (
      <p role="status" className="text-gray-800">
        Finding flights…
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p role="alert" id="travel-flights" tabIndex={-1} className="font-bold text-alert">
        {TRAVEL_MESSAGES.flightsProblem}
      </p>
    );
  }
  if (state.options.length === 0) {
    return (
      <p role="status" id="travel-flights" tabIndex={-1} className="font-bold">
        {TRAVEL_MESSAGES.noFlightsForTimes}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "travel-flights-error" : undefined}>
      <legend className="mb-1 font-bold">Choose your flights</legend>
      {error && (
        <p id="travel-flights-error" className="text-sm font-bold text-alert">
          {error}
        </p>
      )}
      {state.options.map((option, index) => {
        const key = flightPairKey(option);
        return (
          <label key={key} className="flex cursor-pointer gap-3 rounded border border-gray-400 bg-white p-3 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand">
            <input
              type="radio"
              name="travel-flight"
              id={index === 0 ? "travel-flights" : undefined}
              value={key}
              checked={chosenKey === key}
              onChange={() => onChoose(key)}
              className="mt-1 size-[1.1rem] shrink-0"
            />
            <span className="flex flex-col gap-1 text-sm">
              <span>
                <span className="font-bold">Outbound: </span>
                {journeyText(option.outboundJourney)}
              </span>
              <span>
                <span className="font-bold">Return: </span>
                {journeyText(option.inboundJourney)}
              </span>
              <span className="font-bold">{priceDiffText(option.priceDiff, formatPrice)}</span>
            </span>
          </label>
        );
      })}
      {state.options.length === 1 && <p className="text-sm text-gray-800">{TRAVEL_MESSAGES.noAlternativeFlights}</p>}
    </fieldset>
  );
}
