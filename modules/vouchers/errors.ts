import { errorsOf } from "../../lib/errors";

/** What a shopper can be told about their vouchers (spec §8 texts where the spec has one). */
export const VOUCHER_ERRORS = {
  VOUCHER_NOT_FOUND: { status: 404, message: "Page not found" },
  /** Before available_at the code stays hidden; the message is replaced with the date and time. */
  VOUCHER_NOT_READY: { status: 409, message: "Your voucher is not ready yet." },
  // 503, not 500: nothing is wrong with the request, and trying again later may well work.
  VOUCHER_PDF_FAILED: { status: 503, message: "An error occurred while generating your voucher" },
} as const;

export const voucherError = errorsOf(VOUCHER_ERRORS);
