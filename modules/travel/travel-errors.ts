import { errorsOf } from "../../lib/errors";

/**
 * What the travel calendar and flights calls can tell a shopper (spec §8 Travel texts where it has
 * one). Bad input is 400 with a message naming what to fix; an unknown deal is 404.
 */
export const TRAVEL_ERRORS = {
  /** No such deal in this market (or unpublished, or a gift preset). */
  DEAL_NOT_FOUND: { status: 404, message: "Page not found" },
  /** The deal sells undated vouchers: there is no calendar to show. */
  NO_CALENDAR: { status: 404, message: "This deal has no dates to choose." },
  /** The deal is not a choose-your-flight deal. */
  NO_FLIGHTS: { status: 404, message: "This deal has no flights to choose." },
  PRODUCT_NOT_IN_DEAL: { status: 400, message: "That option is not one of this deal's dates." },
  INVALID_QUANTITY: { status: 400, message: "Please choose 2, 4, 6 or 8 passengers." },
  INVALID_NIGHTS: { status: 400, message: "Please choose between 1 and 16 nights." },
  INVALID_MONTH: { status: 400, message: "Please give a month (1 to 12) together with a four-digit year." },
  INVALID_AIRPORT: { status: 400, message: "Please choose a departure airport (a three-letter code) or Any London." },
  /** Spec §5 Dates messages. */
  CHECK_IN_REQUIRED: { status: 400, message: "Please select your check-in and check-out dates." },
  CHECK_OUT_REQUIRED: { status: 400, message: "Please select your check-out date." },
  INVALID_DATE: { status: 400, message: "Please choose your arrival date" },
  /** Check-out not after check-in, more than 16 nights or past the 28-day window. */
  INVALID_STAY: { status: 400, message: "Please choose a check-out date 1 to 16 nights after your check-in date." },
} as const;

export type TravelErrorCode = keyof typeof TRAVEL_ERRORS;

export const travelError = errorsOf(TRAVEL_ERRORS);

/** Spec §8 Travel: shown when no product can be booked for the chosen dates (an answer, not an error). */
export const NO_PRODUCTS_MESSAGE = "Sorry, no products available for selected dates...";
