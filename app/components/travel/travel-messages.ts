/**
 * What the deal page's travel booking says. The first group is the spec's copy word for word
 * (transactions.md §5 Dates, §8 Travel); the rest fills gaps the spec leaves (see
 * docs/decisions/travel-calendar-ui.md).
 */
export const TRAVEL_MESSAGES = {
  // Spec §5 Dates.
  selectDates: "Please select your check-in and check-out dates.",
  selectCheckOut: "Please select your check-out date.",
  selectProduct: "Please select a product.",
  chooseArrival: "Please choose your arrival date",
  // Spec §8 Travel.
  noProducts: "Sorry, no products available for selected dates...",
  flightsProblem: "Sorry, there's been a problem getting the flights.",
  // Spec §8 names these without their words: no alternative flights; none for the selected times.
  noAlternativeFlights: "There are no alternative flights for these dates.",
  noFlightsForTimes: "Sorry, there are no flights for the selected times.",
  // The calendar error toast (spec §8: a malformed availability answer).
  calendarProblem: "Sorry, we couldn't load the calendar. Please try again later.",
  chooseFlights: "Please choose your flights.",
} as const;
