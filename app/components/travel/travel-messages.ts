import { TRAVEL_MESSAGES as SPEC_TEXTS } from "../../../modules/travel/errors";

/**
 * What the deal page's travel booking says. The first group is the spec's copy word for word
 * (transactions.md §5 Dates, §8 Travel); the rest fills gaps the spec leaves (see
 * docs/decisions/travel-calendar-ui.md).
 */
export const TRAVEL_MESSAGES = {
  // Spec §5 Dates (the texts the travel module's errors also give).
  selectDates: SPEC_TEXTS.DATES_REQUIRED,
  selectCheckOut: SPEC_TEXTS.CHECK_OUT_REQUIRED,
  selectProduct: "Please select a product.",
  chooseArrival: SPEC_TEXTS.ARRIVAL_REQUIRED,
  // Spec §8 Travel.
  noProducts: SPEC_TEXTS.NOT_AVAILABLE,
  flightsProblem: SPEC_TEXTS.FLIGHTS_PROBLEM,
  // Spec §8 names these without their words: no alternative flights; none for the selected times.
  noAlternativeFlights: "There are no alternative flights for these dates.",
  noFlightsForTimes: "Sorry, there are no flights for the selected times.",
  // The calendar error toast (spec §8: a malformed availability answer).
  calendarProblem: "Sorry, we couldn't load the calendar. Please try again later.",
  chooseFlights: "Please choose your flights.",
} as const;
