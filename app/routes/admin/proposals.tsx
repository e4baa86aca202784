import { Form } from "react-router";
import { PROPOSAL_STATUS_LABELS } from "../../../modules/merchants/proposal-process";
import { proposalQueue } from "../../../modules/merchants/review-proposals";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../../modules/merchants/schema";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { RecordRow } from "../../components/admin/RecordRow";
import { FilterSelect } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/proposals";

export const meta = accountMeta("Deal proposals");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The review queue: waiting proposals first, oldest first; filtered by status when asked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/proposals");
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = (PROPOSAL_STATUSES as readonly string[]).includes(asked) ? (asked as ProposalStatus) : undefined;
  const rows = await proposalQueue(context.db, { status });
  return {
    status: status ?? "",
    statuses: PROPOSAL_STATUSES.map((value) => ({ value, label: PROPOSAL_STATUS_LABELS[value] })),
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      merchant: row.merchantName,
      status: PROPOSAL_STATUS_LABELS[row.status],
      sent: day(row.createdAt),
      changed: day(row.updatedAt),
    })),
  };
}

export default function AdminProposals({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Deal proposals</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter proposals">
        <FilterSelect label="Status" name="status" defaultValue={loaderData.status} options={loaderData.statuses} />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Show
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>No proposals match.</p>
      ) : (
        <TableScroller label="Deal proposals">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Deal proposals, waiting ones first, oldest first</caption>
            <thead>
              <HeadingRow headings={["Id", "Proposal", "Merchant", "Status", "Sent", "Last change"]} />
            </thead>
            <tbody>
              {rows.map((row) => (
                <RecordRow key={row.id} id={row.id} href={`/admin/proposals/${row.id}`} name={row.title} testId="proposal-row">
                  <td className="p-2">{row.merchant}</td>
                  <td className="p-2">{row.status}</td>
                  <td className="p-2">{row.sent}</td>
                  <td className="p-2">{row.changed}</td>
                </RecordRow>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
