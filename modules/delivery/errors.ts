import { type ErrorCatalog, errorsOf } from "../../lib/errors";

/** Why a merchant's dispatch or delivery was refused; nothing changes in either case. */
export const DELIVERY_ERRORS = {
  // Another merchant's parcel, a voucher without goods, or no such voucher: never told apart.
  SHIPMENT_NOT_FOUND: { status: 404, message: "We couldn't find that order. Please check the voucher and try again." },
  COURIER_UNKNOWN: { status: 400, message: "Please choose the courier from the list." },
  TRACKING_NUMBER_INVALID: { status: 400, message: "Please enter the tracking number: 6 to 40 letters and numbers." },
  NOT_AWAITING_DELIVERY: { status: 409, message: "This order is no longer waiting for delivery (it has been refunded or has expired), so please do not send it." },
  ALREADY_DELIVERED: { status: 409, message: "This order has already been delivered, so its delivery details can no longer be changed." },
  DISPATCHED_DIFFERENTLY: {
    status: 409,
    message: "This order has already been dispatched with another courier or tracking number. Please contact us to correct it.",
  },
} as const satisfies ErrorCatalog;

export type DeliveryErrorCode = keyof typeof DELIVERY_ERRORS;

export const deliveryError = errorsOf(DELIVERY_ERRORS);
