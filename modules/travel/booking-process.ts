import { defineProcess } from "../states/transition";
import { type TravelBookingStatus, travelBookings } from "./schema";

/**
 * A stay booked after purchase (booking calendar on redemption; docs/decisions/travel-booking.md):
 * the voucher's holder asks for dates (REQUESTED, the nights taken at once so nobody else books the
 * last room), then the merchant confirms (CONFIRMED: the voucher becomes Booked) or declines
 * (DECLINED: the nights go back on sale, the holder may ask for other dates). A refund of the
 * voucher cancels a live booking (CANCELLED, the nights back on sale).
 */
export const TRAVEL_BOOKING_PROCESS = defineProcess<TravelBookingStatus>({
  aggregate: "travel_booking",
  table: travelBookings,
  initial: ["REQUESTED"],
  transitions: {
    REQUESTED: ["CONFIRMED", "DECLINED", "CANCELLED"],
    CONFIRMED: ["CANCELLED"],
    DECLINED: [],
    CANCELLED: [],
  },
});

/** What the holder reads about their booking. */
export const BOOKING_STATUS_TEXT: Record<TravelBookingStatus, string> = {
  REQUESTED: "Requested: waiting for the merchant to confirm your dates",
  CONFIRMED: "Confirmed: travel documents within 3 working days",
  DECLINED: "Declined by the merchant: please choose other dates",
  CANCELLED: "Cancelled",
};
