import { data, type AppLoadContext } from "react-router";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { findAdminDeal } from "../../modules/catalog/admin-deals";
import { DEAL_PIPELINE_ERRORS } from "../../modules/deal-pipeline/errors";
import { importTravelRates, type RateImportOutcome } from "../../modules/deal-pipeline/import-travel-rates";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { datedProductsOfDeal } from "../../modules/travel/travel-products";
import { travelRatesFrom } from "../../modules/travel/travel-rates-export";
import { shownError } from "../../server/errors";
import { UPLOAD_LIMITS } from "../../server/security/body-limit";
import { formText } from "../accounts/page.server";
import { adminRecordOr404 } from "./guard.server";

/** The deal a travel-rates page's :id names, with its market's time zone; a 404 for anything else. */
export async function travelDealOf(context: AppLoadContext, id: string) {
  const deal = await adminRecordOr404(id, (dealId) => findAdminDeal(context.db, dealId), DEAL_PIPELINE_ERRORS.DEAL_NOT_FOUND.message);
  return { ...deal, timeZone: marketTimeZone(deal.countryCode) };
}

/** A travel deal's dated options and their nights and rates from today (the page's table and its CSV). */
export async function ratesOfDeal(context: AppLoadContext, deal: { id: number; timeZone: string }) {
  const options = await datedProductsOfDeal(context.db, deal.id);
  const lines = await travelRatesFrom(
    context.db,
    options.map((option) => option.productId),
    localDate(context.clock.now(), deal.timeZone),
  );
  return { options, lines };
}

const MAX_FILE_BYTES = UPLOAD_LIMITS[0].maxBytes - 64 * 1024;

export type TravelRatesResult = { intent: string; outcome?: RateImportOutcome; formError?: string; fileName?: string };

/** "check" reads the uploaded file and says what it would change; "load" writes it (only a file without errors). */
export async function travelRatesAction(context: AppLoadContext, actor: StaffActor, deal: { id: number; timeZone: string }, form: FormData) {
  const intent = formText(form, "intent");
  const file = form.get("file");
  const answer = (result: Omit<TravelRatesResult, "intent">, status = 200) => data<TravelRatesResult>({ ...result, intent }, { status });
  if (intent !== "check" && intent !== "load") return answer({ formError: "Unknown action." }, 400);
  if (!(file instanceof File) || file.size === 0) return answer({ formError: "Choose a CSV file of nights and rates." }, 400);
  if (file.size > MAX_FILE_BYTES) return answer({ formError: "The file is larger than 1.9 MB: split it into two." }, 413);
  try {
    const outcome = await importTravelRates(context.db, context.clock, actor, deal, await file.text(), intent === "load");
    return answer({ outcome, fileName: file.name });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message, fileName: file.name }, shown.status);
  }
}
