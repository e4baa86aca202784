import { errorsOf } from "../../lib/errors";

/** The travel texts of the spec (§5 Dates, §8 Travel), shared by the basket's and the bookings' errors. */
export const TRAVEL_MESSAGES = {
  DATES_REQUIRED: "Please select your check-in and check-out dates.",
  CHECK_OUT_REQUIRED: "Please select your check-out date.",
  ARRIVAL_REQUIRED: "Please choose your arrival date",
  NOT_AVAILABLE: "Sorry, no products available for selected dates...",
  FLIGHTS_PROBLEM: "Sorry, there's been a problem getting the flights.",
} as const;

/** Booking a stay after purchase (booking calendar on redemption) and the merchant's answer. */
export const TRAVEL_ERRORS = {
  DATES_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.DATES_REQUIRED },
  CHECK_OUT_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.CHECK_OUT_REQUIRED },
  ARRIVAL_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.ARRIVAL_REQUIRED },
  NOT_AVAILABLE: { status: 409, message: TRAVEL_MESSAGES.NOT_AVAILABLE },
  /** Outside what the voucher covers: from tomorrow until the voucher expires. */
  OUTSIDE_VOUCHER: { status: 409, message: "Please choose a stay that starts after today and before your voucher expires." },
  VOUCHER_NOT_FOUND: { status: 404, message: "Page not found" },
  NOT_BOOKABLE: { status: 409, message: "This voucher's dates are booked with the merchant: please contact them." },
  VOUCHER_NOT_USABLE: { status: 409, message: "This voucher can't be booked now." },
  ALREADY_REQUESTED: { status: 409, message: "You've already asked to book dates with this voucher." },
  BOOKING_NOT_FOUND: { status: 404, message: "This booking request was not found." },
  BOOKING_DECIDED: { status: 409, message: "This booking request has already been answered." },
} as const;

export type TravelErrorCode = keyof typeof TRAVEL_ERRORS;

export const travelError = errorsOf(TRAVEL_ERRORS);
