/**
 * The shapes of the travel calendar and flights calls (spec §3 Calendar day, Flight; §7 Travel),
 * shared by the API (server/api), the deal page's calendar and the tests. Prices in minor units.
 */

/** One day of the month calendar: the lowest price of a stay arriving that day for the chosen passengers. */
export interface CalendarDay {
  /** Epoch milliseconds of the day's start (UTC). */
  date: number;
  /** YYYY-MM-DD */
  dateString: string;
  /** Lowest price per person…: the lowest price of the cheapest product for the chosen guests and nights; null when none. */
  minPrice: number | null;
  vipPrice: number | null;
  vipDiscountAllowed: boolean;
  openForArrival: boolean;
  openForDeparture: boolean;
  openForSale: boolean;
  dateSoldOut: boolean;
  minLengthOfStay: number;
  maxLengthOfStay: number;
  additionalCostText: string | null;
}

export interface CalendarProductView {
  productId: number;
  friendlyName: string;
  priceBasis: "night" | "stay";
  occupancy: number;
  roomOnly: boolean;
  withFlights: boolean;
}

export interface MonthAndYear {
  month: number;
  year: number;
}

/** GET /v1/availability/deal/{dealId}: answered as { data: { data: AvailabilityResponse } } per spec §7. */
export interface AvailabilityResponse {
  calendarDateViewVOList: CalendarDay[];
  currentMonth: number;
  currentYear: number;
  nextAvailable: MonthAndYear | null;
  previousAvailable: MonthAndYear | null;
  /** The last night a stay can end on (YYYY-MM-DD), null when nothing is available. */
  lastAvailableStay: string | null;
  calendarProductViewVOList: CalendarProductView[];
  calendarRoomView: CalendarProductView[];
  calendarRoomOnlyView: CalendarProductView[];
  supportedNumberOfNights: number[];
}

/** One flight of a pair. */
export interface FlightJourney {
  flightId: number;
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  /** ISO timestamps */
  departsAt: string;
  arrivesAt: string;
}

/** A flight option for chosen dates (spec §3 Flight): priceDiff per passenger against the cheapest pair. */
export interface FlightOption {
  arrivalAirport: string;
  departureAirport: string;
  outboundJourney: FlightJourney;
  inboundJourney: FlightJourney;
  priceDiff: number;
}
