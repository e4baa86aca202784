import { data, type AppLoadContext } from "react-router";
import { parseRecordId } from "../../lib/input";
import { bankFileCsv, createBankFile } from "../../modules/payouts/bank-file";
import { latestCutoff, parsePayoutCutoff, UK_PAYOUT_TIME_ZONE } from "../../modules/payouts/cutoff";
import { payoutError } from "../../modules/payouts/errors";
import { approvePayout, markPayoutFailed, markPayoutPaid, retryPayout } from "../../modules/payouts/payout-actions";
import { runPayouts } from "../../modules/payouts/run-payouts";
import { recordStaffChange } from "../../modules/staff/record-staff-change";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { bankKey } from "./bank-details.server";

/** The finance form's answer: a message, or the error at the failure reason's field. */
async function answered(work: () => Promise<string>, values?: Record<string, string>) {
  try {
    return data<FormResult>({ success: await work() });
  } catch (error) {
    if (error instanceof Response) throw error;
    const shown = shownError(error);
    const field = shown.code.startsWith("FAILURE_REASON") ? "failureReason" : null;
    return data<FormResult>(field ? { values, fieldErrors: { [field]: shown.message } } : { values, formError: shown.message }, { status: shown.status });
  }
}

/** The latest cut-off the configured PAYOUT_CUTOFF gives at this moment. */
export function currentCutoff(context: AppLoadContext): Date {
  return latestCutoff(parsePayoutCutoff(context.payoutCutoff, UK_PAYOUT_TIME_ZONE)!, context.clock.now());
}

/** The payouts list's buttons: run the latest cut-off now (as the schedule would) or an extra run up to now, or take approved payouts into a bank file. */
export async function payoutsListAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  switch (formText(form, "intent")) {
    case "run":
    case "run-now":
      return answered(async () => {
        // "run-now": an extra run up to this moment (a merchant leaving, a payout promised before the week's cut-off).
        const cutoffAt = formText(form, "intent") === "run-now" ? context.clock.now() : currentCutoff(context);
        const run = await runPayouts(context.db, context.clock, { cutoffAt, timeZone: UK_PAYOUT_TIME_ZONE, startedBy: actor.name });
        await recordStaffChange(context.db, context.clock, actor, { action: "payout.run", entity: { type: "payout_run", id: run.runId }, before: null, after: { cutoffAt, payoutsMade: run.payoutsMade } });
        return run.payoutsMade === 0 ? "The run is up to date: nothing new to pay up to this cut-off." : `${run.payoutsMade} ${run.payoutsMade === 1 ? "payout" : "payouts"} drafted: approve them below.`;
      });
    case "bank-file":
      return answered(async () => {
        const fileId = await createBankFile(context.db, context.clock, actor);
        return `Bank file ${fileId} is ready: download it below and send it to the bureau.`;
      });
    default:
      return data<FormResult>({ formError: "Unknown action." }, { status: 400 });
  }
}

/** A payout page's buttons: approve, mark paid, mark failed (with the bank's reason), retry. */
export async function payoutAction(context: AppLoadContext, actor: StaffActor, payoutId: number, form: FormData) {
  const { db, clock } = context;
  switch (formText(form, "intent")) {
    case "approve":
      return answered(async () => (await approvePayout(db, clock, actor, payoutId), "Approved: it goes into the next bank file."));
    case "paid":
      return answered(async () => (await markPayoutPaid(db, clock, actor, payoutId), "Marked paid."));
    case "failed": {
      const failureReason = formText(form, "failureReason");
      return answered(async () => (await markPayoutFailed(db, clock, actor, payoutId, failureReason), "Marked failed: retry it once the details are right."), { failureReason });
    }
    case "retry":
      return answered(async () => (await retryPayout(db, clock, actor, payoutId), "Approved again: it goes into the next bank file."));
    default:
      return data<FormResult>({ formError: "Unknown action." }, { status: 400 });
  }
}

/** A bank file download: whole bank details leave the shop here, so each download is audited. */
export async function bankFileDownload(context: AppLoadContext, actor: StaffActor, idText: string | undefined): Promise<Response> {
  const fileId = parseRecordId(idText);
  try {
    if (fileId === null) throw payoutError("UNKNOWN_BANK_FILE");
    const csv = await bankFileCsv(context.db, bankKey(context), fileId);
    await recordStaffChange(context.db, context.clock, actor, { action: "payout.bank-file-download", entity: { type: "payout_bank_file", id: fileId }, before: null, after: null });
    return new Response(csv, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="bacs-${fileId}.csv"`, "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    const shown = shownError(error);
    return new Response(shown.message, { status: shown.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
}
