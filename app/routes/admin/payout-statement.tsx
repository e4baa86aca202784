import { parseRecordId } from "../../../lib/input";
import { UK_PAYOUT_TIME_ZONE } from "../../../modules/payouts/cutoff";
import { PAYOUT_ERRORS } from "../../../modules/payouts/errors";
import { findPayout } from "../../../modules/payouts/read-payouts";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { payoutStatementDownload } from "../../payouts/statement-download.server";
import type { Route } from "./+types/payout-statement";

/** A payout's statement as CSV or PDF (the path's ending says which): the same file the merchant downloads. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pdf = new URL(request.url).pathname.endsWith(".pdf");
  await requireAdminPage(context, request, pdf ? "admin/payouts/:id/statement.pdf" : "admin/payouts/:id/statement.csv");
  const id = parseRecordId(params.id);
  const payout = id === null ? null : await findPayout(context.db, id);
  if (!payout) throw adminRefusal(404, PAYOUT_ERRORS.UNKNOWN_PAYOUT.message);
  return payoutStatementDownload(context, payout, pdf ? "pdf" : "csv", UK_PAYOUT_TIME_ZONE);
}
