import { Link } from "react-router";
import { listMyVouchers } from "../../../modules/my-vouchers/my-vouchers";
import { type VoucherFilter, isVoucherFilter } from "../../../modules/vouchers/voucher-display";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { PageHeading } from "../../components/PageHeading";
import { Pagination } from "../../components/Pagination";
import { VoucherList } from "../../components/vouchers/VoucherList";
import { voucherRow } from "../../components/vouchers/voucher-format";
import type { Route } from "./+types/vouchers";

export const meta = accountMeta("My Vouchers");

const TABS: readonly { filter: VoucherFilter; label: string; empty: string }[] = [
  { filter: "all", label: "All", empty: "You have no vouchers yet." },
  { filter: "current", label: "Current", empty: "You have no current vouchers." },
  { filter: "past", label: "Past", empty: "You have no past vouchers." },
];

const tabHref = (filter: VoucherFilter) => (filter === "all" ? "/myaccount/vouchers" : `/myaccount/vouchers?filter=${filter}`);

/** My Vouchers: the vouchers the customer bought or was given (claimed gifts), newest first, 10 per page (spec §9), all, current or past. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const search = new URL(request.url).searchParams;
  const pageText = search.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  const filterText = search.get("filter");
  const filter = isVoucherFilter(filterText) ? filterText : "all";
  const result = await listMyVouchers(context.db, { customerId: customer.id, page, filter, now: context.clock.now() });
  return { page: result.page, pageCount: result.pageCount, total: result.total, filter, vouchers: result.vouchers.map(voucherRow) };
}

export default function MyVouchers({ loaderData }: Route.ComponentProps) {
  const { filter } = loaderData;
  const tab = TABS.find((candidate) => candidate.filter === filter) ?? TABS[0];
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <PageHeading>My Vouchers</PageHeading>
      <nav aria-label="Which vouchers" className="mb-4">
        <ul className="flex gap-2">
          {TABS.map((candidate) => (
            <li key={candidate.filter}>
              <Link
                to={tabHref(candidate.filter)}
                aria-current={candidate.filter === filter ? "page" : undefined}
                className={`inline-block rounded px-3 py-2 ring-1 ${candidate.filter === filter ? "bg-brand font-bold text-white ring-brand" : "bg-white ring-gray-300 hover:bg-gray-100"}`}
              >
                {candidate.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <VoucherList vouchers={loaderData.vouchers} empty={tab.empty} />
      <Pagination basePath="/myaccount/vouchers" page={loaderData.page} pageCount={loaderData.pageCount} search={filter === "all" ? "" : `filter=${filter}`} />
      <p className="mt-4">
        <Link to="/myaccount/returns" className="font-bold text-brand-dark underline">
          My Returns
        </Link>{" "}
        – items you are sending back
      </p>
    </section>
  );
}
