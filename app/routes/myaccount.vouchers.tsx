import { listVouchers } from "../../modules/vouchers/list-vouchers";
import { requireCustomer } from "../../server/accounts/redirects";
import { accountMeta } from "../accounts/meta";
import { Pagination } from "../components/Pagination";
import { VoucherList } from "../components/vouchers/VoucherList";
import type { Route } from "./+types/myaccount.vouchers";

export const meta = accountMeta("My Vouchers");

/** My Vouchers: the customer's vouchers, newest first, 10 per page (spec §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  const result = await listVouchers(context.db, customer.id, page, context.clock.now());
  return {
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    vouchers: result.vouchers.map((voucher) => ({ ...voucher, expiresAt: voucher.expiresAt.toISOString(), purchasedAt: voucher.purchasedAt.toISOString() })),
  };
}

export default function MyVouchers({ loaderData }: Route.ComponentProps) {
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My Vouchers</h1>
      <VoucherList vouchers={loaderData.vouchers} />
      <Pagination basePath="/myaccount/vouchers" page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}
