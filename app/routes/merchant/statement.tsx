import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { PeriodForm } from "../../components/PeriodForm";
import { formatPortalMoney } from "../../components/merchant/portal-format";
import { requireMerchant } from "../../merchant/portal.server";
import { loadStatement } from "../../merchant/statement.server";
import type { Route } from "./+types/statement";

export const meta = accountMeta("Statement");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const statement = await loadStatement(context, merchant, request);
  return { period: { from: statement.period.from, to: statement.period.to }, periodError: statement.periodError, totals: statement.totals };
}

export default function MerchantStatement({ loaderData }: Route.ComponentProps) {
  const { period, periodError, totals } = loaderData;
  const query = new URLSearchParams(period).toString();
  return (
    <section aria-labelledby="statement-heading">
      <h1 id="statement-heading" className="mb-4 text-2xl font-bold">
        Statement
      </h1>
      <PeriodForm period={period} error={periodError} submit="Show statement" />
      <h2 className="mb-3 text-xl font-bold">
        {period.from} to {period.to}
      </h2>
      {totals.length === 0 ? (
        <p>No sales or refunds in this period.</p>
      ) : (
        totals.map((total) => (
          <table key={total.currency} className="mb-4 w-full max-w-lg bg-white text-left ring-1 ring-gray-200">
            <caption className="p-2 text-left font-bold">In {total.currency}</caption>
            <tbody>
              {(
                [
                  [`Gross sales (${total.vouchersSold} vouchers)`, total.grossSales],
                  [`Refunds (${total.vouchersRefunded} vouchers)`, -total.refunds],
                  [`Commission (${total.commissionBps / 100}%)`, -total.commission],
                  ["Amount owed to you", total.owed],
                ] as const
              ).map(([label, amount]) => (
                <tr key={label} className="border-b border-gray-200 last:font-bold">
                  <th scope="row" className="p-2 font-normal">
                    {label}
                  </th>
                  <td className="p-2 text-right" data-testid={`statement-${label.split(" ")[0].toLowerCase()}`}>
                    {formatPortalMoney(amount, total.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))
      )}
      <p>
        <a className="font-bold text-brand-dark underline" href={`/merchant/statement.csv?${query}`} download>
          Download this statement as CSV
        </a>
      </p>
      <p className="mt-3 text-sm text-gray-700">
        Dates are in the market's time. Gross sales are what customers paid for the vouchers sold in the period; refunds include exchanges for wallet credit made in the period.
      </p>
    </section>
  );
}
