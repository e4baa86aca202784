import { useRef } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { answerProposal, readOwnProposal } from "../../../modules/merchants/deal-proposals";
import { merchantError } from "../../../modules/merchants/errors";
import { movesFrom } from "../../../modules/merchants/proposal-process";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS, formText } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { ProposalCommentBox } from "../../components/ProposalCommentBox";
import { ProposalDetails } from "../../components/ProposalDetails";
import { formatPortalTime } from "../../components/merchant/portal-format";
import { useFocusOnChange } from "../../components/merchant/use-focus-on-change";
import { portalTimeZone, requireMerchant } from "../../merchant/portal.server";
import { proposalView } from "../../merchant/proposal-view.server";
import type { Route } from "./+types/proposal";

export const meta = accountMeta("Deal proposal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const REPLY_FIELD = "proposal-reply";

/** The merchant's own proposal only: another merchant's, or none, is a 404. */
async function ownProposal(context: Route.LoaderArgs["context"], merchantId: number, id: string) {
  try {
    if (!/^\d{1,9}$/.test(id)) throw merchantError("PROPOSAL_NOT_FOUND");
    return await readOwnProposal(context.db, merchantId, Number(id));
  } catch (error) {
    const shown = shownError(error);
    throw data({ message: shown.message }, { status: shown.status, headers: PRIVATE_PAGE_HEADERS });
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const proposal = await ownProposal(context, merchant.user.merchantId, params.id);
  const timeZone = portalTimeZone(context);
  return {
    csrfToken: context.session.csrfToken(),
    currency: context.brand.currency,
    proposal: await proposalView(context.db, context.adapters.storage, proposal, (at) => formatPortalTime(at, timeZone)),
    moves: movesFrom(proposal.status, "merchant"),
    open: proposal.status === "submitted" || proposal.status === "changes_requested",
    sent: new URL(request.url).searchParams.has("sent"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const merchant = await requireMerchant(context, request);
  const proposal = await ownProposal(context, merchant.user.merchantId, params.id);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const move = intent === "resubmit" || intent === "withdraw" ? intent : undefined;
  try {
    const result = await answerProposal(
      context.db,
      context.clock,
      { userId: merchant.user.id, merchantId: merchant.user.merchantId, name: merchant.user.name, role: merchant.user.role },
      proposal.id,
      { comment: formText(form, "comment"), move },
    );
    if (!result.ok) return data({ error: result.message, success: null }, { status: 400 });
    return { error: null, success: move === "resubmit" ? "Proposal resubmitted for review." : move === "withdraw" ? "Proposal withdrawn." : "Reply sent." };
  } catch (error) {
    const shown = shownError(error);
    return data({ error: shown.message, success: null }, { status: shown.status });
  }
}

export default function MerchantProposal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const success = useRef<HTMLDivElement>(null);
  const message = actionData?.success ?? (loaderData.sent ? "Proposal sent. Our deals team will review it and reply here." : null);
  useFocusOnChange(success, message);
  const { proposal } = loaderData;
  return (
    <section aria-labelledby="proposal-heading" className="max-w-2xl">
      <p className="mb-2">
        <Link to="/merchant/proposals" className="text-brand-dark underline">
          All proposals
        </Link>
      </p>
      <h1 id="proposal-heading" className="mb-4 text-2xl font-bold">
        {proposal.title}
      </h1>
      <ErrorSummary errors={actionData?.error ? [{ fieldId: REPLY_FIELD, message: actionData.error }] : []} attempt={actionData} />
      {message && (
        <div
          ref={success}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800 outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          {message}
        </div>
      )}
      <ProposalDetails proposal={proposal} currency={loaderData.currency} staffLabel="deals team" />
      {loaderData.open && (
        <Form method="post" noValidate>
          <CsrfField token={loaderData.csrfToken} />
          <ProposalCommentBox id={REPLY_FIELD} label="Your reply" invalid={Boolean(actionData?.error)} resetKey={actionData?.success ?? "reply"} />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="reply"
              disabled={busy}
              className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400 disabled:opacity-70"
            >
              Send reply
            </button>
            {loaderData.moves.includes("resubmit") && (
              <button
                type="submit"
                name="intent"
                value="resubmit"
                disabled={busy}
                className="rounded border border-brand px-5 py-2 font-bold text-brand-dark focus-visible:ring-4 focus-visible:ring-yellow-400"
              >
                Resubmit for review
              </button>
            )}
            {loaderData.moves.includes("withdraw") && (
              <button
                type="submit"
                name="intent"
                value="withdraw"
                disabled={busy}
                className="rounded border border-gray-500 px-5 py-2 font-bold focus-visible:ring-4 focus-visible:ring-yellow-400"
              >
                Withdraw
              </button>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
