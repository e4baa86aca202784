import { data } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { findPayout, payoutLineViews } from "../../../modules/payouts/read-payouts";
import { PAYOUT_ERRORS } from "../../../modules/payouts/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { PayoutStatement } from "../../components/payouts/PayoutStatement";
import { payoutLineRows, payoutView } from "../../components/payouts/payout-view";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/payout";

export const meta = accountMeta("Payout statement");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** One of the merchant's own payouts with its statement; another merchant's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const id = parseRecordId(params.id);
  const payout = id === null ? null : await findPayout(context.db, id, merchant.user.merchantId);
  if (!payout) throw data({ message: PAYOUT_ERRORS.UNKNOWN_PAYOUT.message }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const timeZone = portalTimeZone(context);
  return { payout: payoutView(payout, timeZone), lines: payoutLineRows(await payoutLineViews(context.db, payout.id), payout.currency, timeZone) };
}

export default function MerchantPayout({ loaderData }: Route.ComponentProps) {
  const { payout, lines } = loaderData;
  return (
    <section aria-labelledby="payout-heading">
      <p className="mb-2">
        <a href="/merchant/payouts" className="font-bold text-brand-dark underline">
          All payouts
        </a>
      </p>
      <h1 id="payout-heading" className="mb-4 text-2xl font-bold">
        {`Payout ${payout.id}: ${payout.amount}`}
      </h1>
      <PayoutStatement payout={payout} lines={lines} downloadBase={`/merchant/payouts/${payout.id}`} />
    </section>
  );
}
