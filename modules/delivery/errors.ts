import { errorCatalogue, errorsOf } from "../../lib/errors";

/** Why a merchant's dispatch or delivery was refused; nothing changes in either case. */
export const DELIVERY_ERRORS = errorCatalogue({
  400: {
    COURIER_UNKNOWN: "Please choose the courier from the list.",
    TRACKING_NUMBER_INVALID: "Please enter the tracking number: 6 to 40 letters and numbers.",
  },
  404: {
    // Another merchant's parcel, a voucher without goods, or no such voucher: never told apart.
    SHIPMENT_NOT_FOUND: "We couldn't find that order. Please check the voucher and try again.",
  },
  409: {
    NOT_AWAITING_DELIVERY: "This order is no longer waiting for delivery (it has been refunded or has expired), so please do not send it.",
    ALREADY_DELIVERED: "This order has already been delivered, so its delivery details can no longer be changed.",
    DISPATCHED_DIFFERENTLY: "This order has already been dispatched with another courier or tracking number. Please contact us to correct it.",
  },
});

export type DeliveryErrorCode = keyof typeof DELIVERY_ERRORS;

export const deliveryError = errorsOf(DELIVERY_ERRORS);
