import { parseRecordId } from "../../../lib/input";
import { findPayout } from "../../../modules/payouts/read-payouts";
import { PAYOUT_ERRORS } from "../../../modules/payouts/errors";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import { payoutStatementDownload } from "../../payouts/statement-download.server";
import type { Route } from "./+types/payout-statement";

/** A payout's statement as CSV or PDF (the path's ending says which), for the merchant it pays only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const id = parseRecordId(params.id);
  const payout = id === null ? null : await findPayout(context.db, id, merchant.user.merchantId);
  if (!payout)
    return new Response(PAYOUT_ERRORS.UNKNOWN_PAYOUT.message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  return payoutStatementDownload(context, payout, new URL(request.url).pathname.endsWith(".pdf") ? "pdf" : "csv", portalTimeZone(context));
}
