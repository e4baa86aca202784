/**
 * Flights in words for the choose-your-flight step: airports by name, times as the schedule gives
 * them (the wall-clock time written in the timestamp), and the price difference per passenger.
 */
import type { FlightJourney, FlightOption } from "../../../modules/travel/availability-types";
import { ANY_LONDON, LONDON_AIRPORTS } from "../../../modules/travel/stay-rules";
import { dayName } from "./calendar-dates";

const AIRPORT_NAMES: Record<string, string> = {
  LGW: "London Gatwick",
  LHR: "London Heathrow",
  STN: "London Stansted",
  LTN: "London Luton",
  LCY: "London City",
  SEN: "London Southend",
  MAN: "Manchester",
  BHX: "Birmingham",
  BRS: "Bristol",
  EDI: "Edinburgh",
  GLA: "Glasgow",
  NCL: "Newcastle",
  LBA: "Leeds Bradford",
  DUB: "Dublin",
  ORK: "Cork",
  SNN: "Shannon",
};

/** "London Gatwick (LGW)", or the code alone when we have no name for it. */
export function airportName(code: string): string {
  const name = AIRPORT_NAMES[code];
  return name ? `${name} (${code})` : code;
}

/** Whether a flight pair leaves from the chosen airport: any (""), 'Any London' or one airport. */
export function leavesFrom(option: FlightOption, airport: string): boolean {
  if (airport === "") return true;
  if (airport === ANY_LONDON) return (LONDON_AIRPORTS as readonly string[]).includes(option.outboundJourney.departureAirport);
  return option.outboundJourney.departureAirport === airport;
}

const clock = (timestamp: string) => (/T(\d{2}:\d{2})/.exec(timestamp)?.[1] ?? "");

/** "Friday 12 March, London Gatwick (LGW) 07:05 to Palma (PMI) 10:20, flight EZY8061" */
export function journeyText(journey: FlightJourney): string {
  const day = /^\d{4}-\d{2}-\d{2}/.test(journey.departsAt) ? `${dayName(journey.departsAt.slice(0, 10))}, ` : "";
  return `${day}${airportName(journey.departureAirport)} ${clock(journey.departsAt)} to ${airportName(journey.arrivalAirport)} ${clock(journey.arrivesAt)}, flight ${journey.flightNumber}`;
}

/** "+£20.00 per person", "-£5.00 per person" or "No extra cost". */
export function priceDiffText(priceDiff: number, formatPrice: (minor: number) => string): string {
  if (priceDiff === 0) return "No extra cost";
  return `${priceDiff > 0 ? "+" : "-"}${formatPrice(Math.abs(priceDiff))} per person`;
}

/** A flight pair's identity for the radio group and the basket: "outbound-inbound". */
export function flightPairKey(option: FlightOption): string {
  return `${option.outboundJourney.flightId}-${option.inboundJourney.flightId}`;
}

/** The cheapest pair (the first of the cheapest when several cost the same). */
export function cheapestFlight(options: readonly FlightOption[]): FlightOption | null {
  return options.reduce<FlightOption | null>((best, option) => (best === null || option.priceDiff < best.priceDiff ? option : best), null);
}
