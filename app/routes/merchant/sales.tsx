import { salesPerDeal } from "../../../modules/merchants/sales-per-deal";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { formatPortalMoney } from "../../components/merchant/portal-format";
import { requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/sales";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Sales per deal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  return { deals: await salesPerDeal(context.db, merchant.user.merchantId) };
}

export default function MerchantSales({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="sales-heading">
      <h1 id="sales-heading" className="mb-4 text-2xl font-bold">
        Sales per deal
      </h1>
      {loaderData.deals.length === 0 ? (
        <p>No vouchers have been sold yet.</p>
      ) : (
        <DataTable look="portal" caption="Vouchers sold, booked, redeemed and refunded per deal, since the start" columns={["Deal", { label: "Sold", numeric: true }, { label: "Booked", numeric: true }, { label: "Redeemed", numeric: true }, { label: "Refunded", numeric: true }, { label: "Gross sales", numeric: true }]}>
          {loaderData.deals.map((deal) => (
            <tr key={deal.dealId} className="border-b border-gray-200">
              <th scope="row" className="p-2 font-normal">{deal.dealTitle}</th>
              <td className="p-2 text-right">{deal.sold}</td>
              <td className="p-2 text-right">{deal.booked}</td>
              <td className="p-2 text-right">{deal.redeemed}</td>
              <td className="p-2 text-right">{deal.refunded}</td>
              <td className="p-2 text-right">{formatPortalMoney(deal.grossSales, deal.currency)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="mt-3 text-sm text-gray-700">Refunded counts refunds and exchanges for wallet credit.</p>
    </section>
  );
}
