import { data, type AppLoadContext } from "react-router";
import { changeBankDetails, parseBankDetails } from "../../modules/merchants/bank-details";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";

/** The key bank details are sealed with; the server refuses to start without one, so a missing key here is a bug. */
export function bankKey(context: AppLoadContext): Buffer {
  if (!context.bankDetailsKey) throw new Error("BANK_DETAILS_KEY is not configured");
  return context.bankDetailsKey;
}

/**
 * The bank details form's action (the guard lets only `merchants.bank-details` here). The typed
 * numbers are never sent back: on a problem only the account name and the reason are refilled.
 */
export async function bankDetailsAction(context: AppLoadContext, actor: StaffActor, merchantId: number, form: FormData) {
  const input = {
    accountName: formText(form, "accountName"),
    sortCode: formText(form, "sortCode"),
    accountNumber: formText(form, "accountNumber"),
    reason: formText(form, "reason"),
  };
  const parsed = parseBankDetails(input);
  if (!parsed.ok) return data<FormResult>({ values: { accountName: input.accountName, reason: input.reason }, fieldErrors: parsed.problems }, { status: 400 });
  try {
    const masked = await changeBankDetails(context.db, context.clock, actor, bankKey(context), merchantId, parsed.details, parsed.reason);
    return data<FormResult>({ success: `Bank details saved: sort code ${masked.sortCode}, account ${masked.accountNumber}.` });
  } catch (error) {
    const shown = shownError(error);
    return data<FormResult>({ formError: shown.message }, { status: shown.status });
  }
}
