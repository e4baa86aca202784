import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { UK_PAYOUT_TIME_ZONE } from "../../../modules/payouts/cutoff";
import { PAYOUT_ERRORS } from "../../../modules/payouts/errors";
import { findPayout, payoutHistory, payoutLineViews, PAYOUT_STATUS_LABELS } from "../../../modules/payouts/read-payouts";
import type { PayoutStatus } from "../../../modules/payouts/schema";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { payoutAction } from "../../admin/payouts.server";
import { AccountField, AccountFormMessage } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { CsrfField } from "../../components/CsrfField";
import { formatPortalTime } from "../../components/merchant/portal-format";
import { PayoutStatement } from "../../components/payouts/PayoutStatement";
import { payoutLineRows, payoutView } from "../../components/payouts/payout-view";
import type { Route } from "./+types/payout";

export const meta = accountMeta("Payout");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

async function payoutOf(context: Route.LoaderArgs["context"], idText: string) {
  const id = parseRecordId(idText);
  const payout = id === null ? null : await findPayout(context.db, id);
  if (!payout) throw adminRefusal(404, PAYOUT_ERRORS.UNKNOWN_PAYOUT.message);
  return payout;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/payouts/:id");
  const payout = await payoutOf(context, params.id);
  const [lines, history] = await Promise.all([payoutLineViews(context.db, payout.id), payoutHistory(context.db, payout.id)]);
  return {
    csrfToken: context.session.csrfToken(),
    payout: payoutView(payout, UK_PAYOUT_TIME_ZONE),
    lines: payoutLineRows(lines, payout.currency, UK_PAYOUT_TIME_ZONE),
    history: history.map((event) => ({
      id: event.id,
      at: formatPortalTime(event.at, UK_PAYOUT_TIME_ZONE),
      status: PAYOUT_STATUS_LABELS[event.toStatus as PayoutStatus],
      reason: event.reason,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/payouts/:id");
  const payout = await payoutOf(context, params.id);
  return payoutAction(context, actor, payout.id, await request.formData());
}

const BUTTON = "rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-60";
const FAILURE_FIELDS = [{ name: "failureReason", id: "failure-reason", label: "The bank's reason" }];

export default function AdminPayout({ loaderData, actionData }: Route.ComponentProps) {
  const { payout, lines, history, csrfToken } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message = useRef<HTMLDivElement>(null);
  // The answer takes the focus (a missing reason is the error summary's, which focuses itself).
  useEffect(() => {
    if (actionData && !actionData.fieldErrors) message.current?.focus();
  }, [actionData]);
  const button = (intent: string, label: string) => (
    <Form method="post">
      <CsrfField token={csrfToken} />
      <button type="submit" name="intent" value={intent} disabled={busy} className={BUTTON}>
        {label}
      </button>
    </Form>
  );
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/payouts" className="font-bold text-brand-dark underline">
          All payouts
        </a>
      </p>
      <h1 className="mb-1 text-2xl font-bold">
        {`Payout ${payout.id}: ${payout.amount}`}
      </h1>
      <p className="mb-4">
        To{" "}
        <a href={`/admin/merchants/${payout.merchantId}`} className="font-bold text-brand-dark underline">
          {payout.merchantName}
        </a>
        {payout.bankFileId !== null && ` · in bank file ${payout.bankFileId}`}
      </p>
      <div ref={message} tabIndex={-1} className="outline-none focus-visible:outline">
        {actionData && <AccountFormMessage success={actionData.success} error={actionData.formError} />}
      </div>
      <AdminFormErrors result={actionData?.fieldErrors ? { fieldErrors: actionData.fieldErrors } : undefined} fields={FAILURE_FIELDS} />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {payout.status === "draft" && button("approve", "Approve the payout")}
        {payout.status === "approved" && button("paid", "Mark paid")}
        {payout.status === "failed" && button("retry", "Retry the payout")}
      </div>
      {payout.status === "approved" && (
        <Form method="post" noValidate className="mb-6 max-w-xl rounded-lg bg-white p-4 ring-1 ring-gray-200">
          <h2 className="mb-2 text-lg font-bold">The bank returned it</h2>
          <CsrfField token={csrfToken} />
          <AccountField
            id="failure-reason"
            label="The bank's reason"
            name="failureReason"
            defaultValue={actionData?.values?.failureReason}
            error={actionData?.fieldErrors?.failureReason}
          />
          <button type="submit" name="intent" value="failed" disabled={busy} className={BUTTON}>
            Mark failed
          </button>
        </Form>
      )}
      <PayoutStatement payout={payout} lines={lines} downloadBase={`/admin/payouts/${payout.id}`} />
      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="mb-2 text-xl font-bold">
          History
        </h2>
        <ol className="list-decimal pl-6">
          {history.map((event) => (
            <li key={event.id}>
              {event.at}: {event.status}
              {event.reason ? ` (${event.reason})` : ""}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
