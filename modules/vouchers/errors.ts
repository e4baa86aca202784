import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What a shopper can be told about their vouchers (spec §8 texts where the spec has one). */
export const VOUCHER_ERRORS = errorCatalogue({
  404: {
    VOUCHER_NOT_FOUND: "Page not found",
  },
  409: {
    /** Before available_at the code stays hidden; the message is replaced with the date and time. */
    VOUCHER_NOT_READY: "Your voucher is not ready yet.",
  },
  503: {
    // 503, not 500: nothing is wrong with the request, and trying again later may well work.
    VOUCHER_PDF_FAILED: "An error occurred while generating your voucher",
  },
});

export const voucherError = errorsOf(VOUCHER_ERRORS);
