import { useRef } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { PROPOSAL_MOVES, type StaffProposalMove, movesFrom } from "../../../modules/merchants/proposal-process";
import { commentOnProposal, findProposal, moveProposal } from "../../../modules/merchants/review-proposals";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS, formText } from "../../accounts/page.server";
import { adminRecordOr404, requireAdminPage } from "../../admin/guard.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { ProposalCommentBox } from "../../components/ProposalCommentBox";
import { ProposalDetails } from "../../components/ProposalDetails";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { proposalView } from "../../merchant/proposal-view.server";
import type { Route } from "./+types/proposal";

export const meta = accountMeta("Deal proposal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const COMMENT_FIELD = "proposal-comment";
const time = (at: Date) => at.toISOString().replace("T", " ").slice(0, 16);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/proposals/:id");
  const proposal = await adminRecordOr404(params.id, (id) => findProposal(context.db, id), MERCHANT_ERRORS.PROPOSAL_NOT_FOUND.message);
  return {
    csrfToken: context.session.csrfToken(),
    currency: context.brand.currency,
    merchant: { id: proposal.merchantId, name: proposal.merchantName },
    dealId: proposal.dealId,
    proposal: await proposalView(context.db, context.adapters.storage, proposal, time),
    moves: movesFrom(proposal.status, "staff").map((move) => ({ move, label: PROPOSAL_MOVES[move as StaffProposalMove].label })),
  };
}

/** A comment, or a move (with its comment): each audited by its use case; approving goes on to the new draft deal's editor. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/proposals/:id");
  const proposal = await adminRecordOr404(params.id, (id) => findProposal(context.db, id), MERCHANT_ERRORS.PROPOSAL_NOT_FOUND.message);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const comment = formText(form, "comment");
  try {
    if (intent === "comment") {
      const result = await commentOnProposal(context.db, context.clock, actor, proposal.id, comment);
      return result.ok ? { error: null, success: "Comment sent to the merchant." } : data({ error: result.message, success: null }, { status: 400 });
    }
    if (intent !== "request-changes" && intent !== "reject" && intent !== "approve") return data({ error: "Unknown action.", success: null }, { status: 400 });
    const result = await moveProposal(context.db, context.clock, context.adapters.storage, actor, {
      proposalId: proposal.id,
      move: intent,
      comment,
      brand: context.brand.id,
      countryCode: context.brand.countryCode,
      linkOrigin: context.publicOrigin,
    });
    if (!result.ok) return data({ error: result.message, success: null }, { status: 400 });
    if (result.dealId !== null) return redirect(`/admin/deals/${result.dealId}/edit?fromProposal=${proposal.id}`);
    return { error: null, success: intent === "reject" ? "Proposal rejected. The merchant has been emailed." : "Changes requested. The merchant has been emailed." };
  } catch (error) {
    const shown = shownError(error);
    return data({ error: shown.message, success: null }, { status: shown.status });
  }
}

export default function AdminProposal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const success = useRef<HTMLDivElement>(null);
  useFocusOnChange(success, actionData?.success ? actionData : null);
  const { proposal } = loaderData;
  return (
    <section className="max-w-3xl">
      <p className="mb-2">
        <a href="/admin/proposals" className="text-brand-dark underline">
          All proposals
        </a>
      </p>
      <h1 className="mb-1 text-2xl font-bold">{proposal.title}</h1>
      <p className="mb-4">
        From{" "}
        <a href={`/admin/merchants/${loaderData.merchant.id}`} className="text-brand-dark underline">
          {loaderData.merchant.name}
        </a>
        {loaderData.dealId !== null && (
          <>
            {" "}
            · became{" "}
            <a href={`/admin/deals/${loaderData.dealId}/edit`} className="text-brand-dark underline">
              draft deal {loaderData.dealId}
            </a>
          </>
        )}
      </p>
      <ErrorSummary errors={actionData?.error ? [{ fieldId: COMMENT_FIELD, message: actionData.error }] : []} attempt={actionData} />
      {actionData?.success && (
        <div
          ref={success}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          {actionData.success}
        </div>
      )}
      <ProposalDetails proposal={proposal} currency={loaderData.currency} staffLabel="staff" />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <ProposalCommentBox
          id={COMMENT_FIELD}
          label="Comment to the merchant"
          hint="Required to ask for changes or to reject (the reason); optional when approving."
          invalid={Boolean(actionData?.error)}
          resetKey={actionData?.success ?? "comment"}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="comment"
            disabled={busy}
            className="rounded border border-brand px-4 py-2 font-bold text-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400"
          >
            Send comment
          </button>
          {loaderData.moves.map(({ move, label }) => (
            <button
              key={move}
              type="submit"
              name="intent"
              value={move}
              disabled={busy}
              className={`rounded px-4 py-2 font-bold focus-visible:ring-4 focus-visible:ring-yellow-400 ${move === "approve" ? "bg-brand text-white hover:bg-brand-dark" : "border border-gray-500 bg-white"}`}
            >
              {label}
            </button>
          ))}
        </div>
      </Form>
    </section>
  );
}
