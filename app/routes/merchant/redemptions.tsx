import { listRedemptions } from "../../../modules/merchants/redemptions";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { formatPortalTime } from "../../components/merchant/portal-format";
import { Pagination } from "../../components/Pagination";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/redemptions";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Redemptions");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  return { ...(await listRedemptions(context.db, merchant.user.merchantId, Math.min(page, 10_000))), timeZone: portalTimeZone(context) };
}

export default function MerchantRedemptions({ loaderData }: Route.ComponentProps) {
  const { redemptions, timeZone } = loaderData;
  return (
    <section aria-labelledby="redemptions-heading">
      <h1 id="redemptions-heading" className="mb-4 text-2xl font-bold">
        Redemptions
      </h1>
      {redemptions.length === 0 ? (
        <p>No vouchers have been redeemed yet.</p>
      ) : (
        <DataTable look="portal" caption="Redeemed vouchers, newest first" columns={["Redeemed", "Voucher code", "Deal", "Option", "By", "Status"]}>
          {redemptions.map((row) => (
            <tr key={row.code} className="border-b border-gray-200">
              <td className="p-2">{formatPortalTime(row.redeemedAt, timeZone)}</td>
              <td className="p-2 font-mono">{row.code}</td>
              <td className="p-2">{row.dealTitle}</td>
              <td className="p-2">{row.productName}</td>
              <td className="p-2">{row.redeemedBy ?? "Delivered"}</td>
              <td className="p-2">{row.statusText}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination basePath="/merchant/redemptions" page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}
