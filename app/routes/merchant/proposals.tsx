import { Link } from "react-router";
import { listOwnProposals } from "../../../modules/merchants/deal-proposals";
import { PROPOSAL_STATUS_LABELS } from "../../../modules/merchants/proposal-process";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { DataTable } from "../../components/DataTable";
import { formatPortalDate } from "../../components/merchant/portal-format";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/proposals";

export const meta = accountMeta("Deal proposals");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The merchant's own proposals, newest first, with where each stands. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const timeZone = portalTimeZone(context);
  const rows = await listOwnProposals(context.db, merchant.user.merchantId);
  return {
    proposals: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: PROPOSAL_STATUS_LABELS[row.status],
      sent: formatPortalDate(row.createdAt, timeZone),
      updated: formatPortalDate(row.updatedAt, timeZone),
    })),
  };
}

export default function MerchantProposals({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="proposals-heading">
      <h1 id="proposals-heading" className="mb-4 text-2xl font-bold">
        Deal proposals
      </h1>
      <p className="mb-4">
        <Link to="/merchant/proposals/new" className="inline-block rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
          Propose a deal
        </Link>
      </p>
      {loaderData.proposals.length === 0 ? (
        <p>You have not proposed any deals yet.</p>
      ) : (
        <DataTable look="portal" caption="Your proposals, newest first" columns={["Proposal", "Status", "Sent", "Last change"]}>
          {loaderData.proposals.map((proposal) => (
            <tr key={proposal.id} className="border-b border-gray-200">
              <td className="p-2">
                <Link to={`/merchant/proposals/${proposal.id}`} className="text-brand-dark underline">
                  {proposal.title}
                </Link>
              </td>
              <td className="p-2">{proposal.status}</td>
              <td className="p-2">{proposal.sent}</td>
              <td className="p-2">{proposal.updated}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
