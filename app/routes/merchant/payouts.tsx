import { merchantPayouts } from "../../../modules/payouts/read-payouts";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { PayoutTable } from "../../components/payouts/PayoutTable";
import { payoutView } from "../../components/payouts/payout-view";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/payouts";

export const meta = accountMeta("Payouts");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The signed-in merchant's payouts, newest first (only its own). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const timeZone = portalTimeZone(context);
  const rows = await merchantPayouts(context.db, merchant.user.merchantId);
  return { payouts: rows.map((payout) => payoutView(payout, timeZone)) };
}

export default function MerchantPayouts({ loaderData }: Route.ComponentProps) {
  const { payouts } = loaderData;
  return (
    <section aria-labelledby="payouts-heading">
      <h1 id="payouts-heading" className="mb-4 text-2xl font-bold">
        Payouts
      </h1>
      <p className="mb-4 max-w-2xl">
        Each week we pay you what your vouchers earned up to the cut-off, less our commission and any refunds, by bank transfer. Each payout has a statement of the vouchers it
        covers.
      </p>
      {payouts.length === 0 ? (
        <p>No payouts yet: your first comes after the first weekly cut-off with vouchers to pay.</p>
      ) : (
        <PayoutTable payouts={payouts} caption="Your payouts, newest first" basePath="/merchant/payouts" />
      )}
    </section>
  );
}
