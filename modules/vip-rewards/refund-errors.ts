import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What the VIP cash-refund invitation, form and processing answer (docs/decisions/vip-refund-form.md). */
export const VIP_REFUND_ERRORS = errorCatalogue({
  400: {
    CHOICE_REQUIRED: "Choose what you would like us to do",
  },
  404: {
    UNKNOWN_CUSTOMER: "There is no active customer with that id.",
    LINK_NOT_RECOGNISED: "This VIP refund link isn't recognised. Please use the link in your email exactly as it was sent.",
    UNKNOWN_REQUEST: "There is no VIP refund request with that id.",
  },
  409: {
    NOTHING_TO_REFUND: "This customer has paid nothing for VIP in the last 12 months that has not been refunded already.",
    ALREADY_REQUESTED: "This customer has already sent a VIP refund request that is waiting to be processed.",
    ALREADY_ANSWERED: "You've already sent this form: we're dealing with your request.",
    NOT_DECLINABLE: "Only a request that has not been processed can be declined.",
  },
  410: {
    LINK_EXPIRED: "This VIP refund link has expired. Please contact customer services if you still want a refund.",
  },
});

export const vipRefundError = errorsOf(VIP_REFUND_ERRORS);

/** Spec §8 (successes): shown once the form is sent. */
export const VIP_REFUND_SUBMITTED_MESSAGE = "VIP refund form submitted (cash refund within 7 days if eligible; extra credit applied within 3 working days)";
