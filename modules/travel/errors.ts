import { errorCatalogue, errorsOf } from "../../lib/errors";

/** The travel texts of the spec (§5 Dates, §8 Travel), shared by the basket's and the bookings' errors. */
export const TRAVEL_MESSAGES = {
  DATES_REQUIRED: "Please select your check-in and check-out dates.",
  CHECK_OUT_REQUIRED: "Please select your check-out date.",
  ARRIVAL_REQUIRED: "Please choose your arrival date",
  NOT_AVAILABLE: "Sorry, no products available for selected dates...",
  FLIGHTS_PROBLEM: "Sorry, there's been a problem getting the flights.",
} as const;

/**
 * The travel module's one catalogue: what the calendar, stay-products and flights calls, booking a
 * stay after purchase (booking calendar on redemption) and the merchant's answer can tell a shopper.
 * Spec texts where it has one; bad input is 400 naming what to fix; an unknown deal is 404.
 */
export const TRAVEL_ERRORS = errorCatalogue({
  400: {
    PRODUCT_NOT_IN_DEAL: "That option is not one of this deal's dates.",
    INVALID_QUANTITY: "Please choose 2, 4, 6 or 8 passengers.",
    INVALID_NIGHTS: "Please choose between 1 and 16 nights.",
    INVALID_MONTH: "Please give a month (1 to 12) together with a four-digit year.",
    INVALID_AIRPORT: "Please choose a departure airport (a three-letter code) or Any London.",
    /** A date that is not a calendar day. */
    INVALID_DATE: TRAVEL_MESSAGES.ARRIVAL_REQUIRED,
    /** Check-out not after check-in, more than 16 nights or past the 28-day window. */
    INVALID_STAY: "Please choose a check-out date 1 to 16 nights after your check-in date.",
    DATES_REQUIRED: TRAVEL_MESSAGES.DATES_REQUIRED,
    CHECK_OUT_REQUIRED: TRAVEL_MESSAGES.CHECK_OUT_REQUIRED,
    ARRIVAL_REQUIRED: TRAVEL_MESSAGES.ARRIVAL_REQUIRED,
  },
  404: {
    /** No such deal in this market (or unpublished, or a gift preset). */
    DEAL_NOT_FOUND: "Page not found",
    /** The deal sells undated vouchers: there is no calendar to show. */
    NO_CALENDAR: "This deal has no dates to choose.",
    /** The deal is not a choose-your-flight deal. */
    NO_FLIGHTS: "This deal has no flights to choose.",
    VOUCHER_NOT_FOUND: "Page not found",
    BOOKING_NOT_FOUND: "This booking request was not found.",
  },
  409: {
    NOT_AVAILABLE: TRAVEL_MESSAGES.NOT_AVAILABLE,
    /** Outside what the voucher covers: from tomorrow until the voucher expires. */
    OUTSIDE_VOUCHER: "Please choose a stay that starts after today and before your voucher expires.",
    NOT_BOOKABLE: "This voucher's dates are booked with the merchant: please contact them.",
    VOUCHER_NOT_USABLE: "This voucher can't be booked now.",
    ALREADY_REQUESTED: "You've already asked to book dates with this voucher.",
    BOOKING_DECIDED: "This booking request has already been answered.",
  },
});

export type TravelErrorCode = keyof typeof TRAVEL_ERRORS;

export const travelError = errorsOf(TRAVEL_ERRORS);
