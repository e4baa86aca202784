import { data, type AppLoadContext } from "react-router";
import { parseRecordId } from "../../lib/input";
import { approveHeldOrder, type ReviewServices } from "../../modules/fraud-review/approve-held-order";
import { rejectHeldOrder } from "../../modules/fraud-review/reject-held-order";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { paymentProvider } from "../../server/buying/buying-context";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";

/** The reviewer's answer, with the order it was about (the page puts a missing reason at that order's field). */
export type ReviewFormResult = FormResult & { orderId?: number };

function reviewServices(context: AppLoadContext): ReviewServices {
  return { provider: paymentProvider(context), clock: context.clock, log: context.log, linkOrigin: (brand) => context.brandOrigin(brand) };
}

/** Approve or reject one held order, with the reviewer's reason. */
export async function fraudReviewAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  const orderId = parseRecordId(formText(form, "orderId"));
  const reason = formText(form, "reason");
  const intent = formText(form, "intent");
  if (orderId === null || (intent !== "approve" && intent !== "reject")) return data<ReviewFormResult>({ formError: "Unknown action." }, { status: 400 });
  const values = { reason };
  try {
    const decide = intent === "approve" ? approveHeldOrder : rejectHeldOrder;
    const done = await decide(context.db, reviewServices(context), actor, { orderId, reason });
    const vouchers = `${done.vouchers} ${done.vouchers === 1 ? "voucher" : "vouchers"}`;
    return data<ReviewFormResult>({
      orderId,
      success:
        intent === "approve"
          ? `Order ${orderId} approved: ${vouchers} released, the payment taken and the shopper's confirmation sent.`
          : `Order ${orderId} rejected: ${vouchers} cancelled, the payment released and the shopper told.`,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const shown = shownError(error);
    const field = shown.code.startsWith("REASON_") ? { fieldErrors: { reason: shown.message } } : { formError: shown.message };
    return data<ReviewFormResult>({ orderId, values, ...field }, { status: shown.status });
  }
}
