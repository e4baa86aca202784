import { data, type AppLoadContext } from "react-router";
import { instantOfWallTime } from "../../lib/market-time";
import { DEAL_STATUSES, type DealStatus } from "../../modules/catalog/schema";
import { z } from "zod";
import { parseFields, requiredText } from "../../modules/accounts/validation";
import { changeDealState } from "../../modules/deal-pipeline/change-deal-state";
import { editDealCopy } from "../../modules/deal-pipeline/edit-deal-copy";
import { DEAL_PIPELINE_ERRORS } from "../../modules/deal-pipeline/errors";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { DEAL_COPY_FIELDS } from "./deal-state-fields";

const isStatus = (value: string): value is DealStatus => (DEAL_STATUSES as readonly string[]).includes(value);

const copyFields = z.object({
  headline: requiredText(200),
  title: requiredText(200),
  description: requiredText(10_000),
  finePrint: z.string().trim().max(10_000, "Please keep the fine print under 10,000 characters."),
});

/** The deal page's copy form: an editor's new words, checked, then saved and audited by the use case. */
export async function dealCopyAction(context: AppLoadContext, actor: StaffActor, dealId: number, form: FormData) {
  const values = Object.fromEntries(DEAL_COPY_FIELDS.map((field) => [field.name, formText(form, field.name)]));
  const answer = (result: FormResult, status = 200) => data<FormResult & { intent: "copy" }>({ ...result, values, intent: "copy" }, { status });
  const parsed = parseFields(copyFields, values);
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  try {
    await editDealCopy(context.db, context.clock, actor, dealId, parsed.data);
    return answer({ success: "Saved: shoppers see the new words from their next page." });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}

/** The deal page's state change: from the state the page showed to the button pressed, audited by the use case. */
export async function dealStateAction(context: AppLoadContext, actor: StaffActor, deal: { id: number; timeZone: string }, form: FormData) {
  const from = formText(form, "from");
  const to = formText(form, "to");
  const reason = formText(form, "reason").slice(0, 500);
  const goLiveText = formText(form, "goLiveAt");
  const values = { reason, goLiveAt: goLiveText };
  const answer = (result: FormResult, status = 200) => data<FormResult & { intent: "move" }>({ ...result, values, intent: "move" }, { status });
  if (!isStatus(from) || !isStatus(to)) return answer({ formError: "Unknown action." }, 400);
  const goLiveAt = to === "scheduled" ? instantOfWallTime(goLiveText, deal.timeZone) : null;
  if (to === "scheduled" && !goLiveAt) return answer({ fieldErrors: { goLiveAt: DEAL_PIPELINE_ERRORS.GO_LIVE_REQUIRED.message } }, 400);
  try {
    await changeDealState(context.db, context.clock, actor, { dealId: deal.id, from, to, reason, goLiveAt });
    return answer({ success: "Done: the deal's state has changed." });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "REASON_REQUIRED") return answer({ fieldErrors: { reason: shown.message } }, shown.status);
    if (shown.code === "GO_LIVE_IN_PAST") return answer({ fieldErrors: { goLiveAt: shown.message } }, shown.status);
    return answer({ formError: shown.message }, shown.status);
  }
}
