import { data, type AppLoadContext } from "react-router";
import { receiveReturn } from "../../modules/returns/receive-return";
import { shownError } from "../../server/errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../../server/security/rate-limits";
import type { SignedInMerchant } from "../../server/merchants/merchant-session";
import { formText } from "../accounts/page.server";

const REFERENCE_REQUIRED = "Please enter the return reference from the returns label.";

const RECEIVED = {
  RETURNED_TO_MERCHANT: "Returned to the Merchant; the shopper's refund is on its way.",
  REFUNDED: "Returned to the Merchant; the shopper has been refunded.",
} as const;

export interface ReceiveFormResult {
  reference: string;
  fieldError?: string;
  success?: string;
}

/**
 * "Confirm receipt" of a returned parcel by the reference on its label: the return becomes
 * Returned to the Merchant and a job refunds the shopper. References that are not the merchant's
 * count against the guessing limit, like voucher codes at the till. Any refusal (unknown or another
 * merchant's reference, a withdrawn return) is about the reference typed, so it shows on that field.
 */
export async function receiveAction(context: AppLoadContext, merchant: SignedInMerchant, form: FormData) {
  const reference = formText(form, "reference").trim().slice(0, 40);
  if (!reference) return data<ReceiveFormResult>({ reference, fieldError: REFERENCE_REQUIRED }, { status: 400 });
  const subjects = { account: merchant.user.email };
  const limit = await checkGuessLimit(context, "returnReference", subjects);
  if (!limit.allowed) return data<ReceiveFormResult>({ reference, fieldError: GUESS_LIMITS.returnReference.message }, { status: 429 });
  try {
    const received = await receiveReturn(
      { db: context.db, clock: context.clock, linkOrigin: context.brandOrigin },
      { merchantId: merchant.user.merchantId, merchantUserId: merchant.user.id, reference },
    );
    return data<ReceiveFormResult>({ reference: reference.toUpperCase(), success: RECEIVED[received.status] });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "RETURN_NOT_FOUND") await recordFailedGuess(context, "returnReference", subjects);
    return data<ReceiveFormResult>({ reference, fieldError: shown.message }, { status: shown.status });
  }
}
