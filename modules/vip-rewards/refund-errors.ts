import { errorsOf } from "../../lib/errors";

/** What the VIP cash-refund invitation, form and processing answer (docs/decisions/vip-refund-form.md). */
export const VIP_REFUND_ERRORS = {
  UNKNOWN_CUSTOMER: { status: 404, message: "There is no active customer with that id." },
  NOTHING_TO_REFUND: { status: 409, message: "This customer has paid nothing for VIP in the last 12 months that has not been refunded already." },
  ALREADY_REQUESTED: { status: 409, message: "This customer has already sent a VIP refund request that is waiting to be processed." },
  LINK_NOT_RECOGNISED: { status: 404, message: "This VIP refund link isn't recognised. Please use the link in your email exactly as it was sent." },
  LINK_EXPIRED: { status: 410, message: "This VIP refund link has expired. Please contact customer services if you still want a refund." },
  ALREADY_ANSWERED: { status: 409, message: "You've already sent this form: we're dealing with your request." },
  CHOICE_REQUIRED: { status: 400, message: "Choose what you would like us to do" },
  UNKNOWN_REQUEST: { status: 404, message: "There is no VIP refund request with that id." },
  NOT_DECLINABLE: { status: 409, message: "Only a request that has not been processed can be declined." },
} as const;

export const vipRefundError = errorsOf(VIP_REFUND_ERRORS);

/** Spec §8 (successes): shown once the form is sent. */
export const VIP_REFUND_SUBMITTED_MESSAGE = "VIP refund form submitted (cash refund within 7 days if eligible; extra credit applied within 3 working days)";
