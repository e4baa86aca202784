import { merchantPayouts } from "../../../modules/payouts/read-payouts";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
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
        <div role="region" aria-label="Your payouts" tabIndex={0} className="focus-inset relative max-w-full overflow-x-auto">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="mb-2 text-left font-bold">Your payouts, newest first</caption>
            <thead>
              <tr className="border-b-2 border-gray-400 text-left">
                <th scope="col" className="p-2">
                  Payout
                </th>
                <th scope="col" className="p-2">
                  Covers vouchers up to
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.id} className="border-b border-gray-200" data-testid="payout-row">
                  <td className="p-2">
                    <a href={`/merchant/payouts/${payout.id}`} className="font-bold text-brand-dark underline">
                      Payout {payout.id}
                    </a>
                  </td>
                  <td className="p-2">{payout.coversUpTo}</td>
                  <td className="p-2">{payout.statusLabel}</td>
                  <td className="p-2 text-right tabular-nums">{payout.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
