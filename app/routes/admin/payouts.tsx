import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { parseRecordId } from "../../../lib/input";
import { UK_PAYOUT_TIME_ZONE } from "../../../modules/payouts/cutoff";
import { listPayouts, PAYOUT_PAGE_SIZE, PAYOUT_STATUS_LABELS, recentBankFiles, recentPayoutRuns } from "../../../modules/payouts/read-payouts";
import type { PayoutStatus } from "../../../modules/payouts/schema";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { currentCutoff, payoutsListAction } from "../../admin/payouts.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { FilterSelect, PageLinks } from "../../components/admin/ListControls";
import { formatPortalMoney, formatPortalTime } from "../../components/merchant/portal-format";
import { PayoutTable } from "../../components/payouts/PayoutTable";
import { payoutView } from "../../components/payouts/payout-view";
import type { Route } from "./+types/payouts";

export const meta = accountMeta("Merchant payouts");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const STATUSES = Object.keys(PAYOUT_STATUS_LABELS) as PayoutStatus[];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/payouts");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status") ?? "draft";
  const status = (STATUSES as string[]).includes(asked) ? (asked as PayoutStatus) : undefined;
  const before = parseRecordId(params.get("before")) ?? undefined;
  const cutoffAt = currentCutoff(context);
  const [rows, files, runs] = await Promise.all([listPayouts(context.db, { status, before }), recentBankFiles(context.db), recentPayoutRuns(context.db)]);
  const latestRun = runs.find((run) => run.cutoffAt.getTime() === cutoffAt.getTime());
  const next = rows.length === PAYOUT_PAGE_SIZE ? new URLSearchParams({ status: status ?? "", before: String(rows[rows.length - 1].id) }) : null;
  return {
    csrfToken: context.session.csrfToken(),
    filter: { status: status ?? "" },
    cutoff: formatPortalTime(cutoffAt, UK_PAYOUT_TIME_ZONE),
    runState: latestRun?.finishedAt
      ? `run on ${formatPortalTime(latestRun.finishedAt, UK_PAYOUT_TIME_ZONE)} (${latestRun.startedBy})`
      : latestRun
        ? "started, not finished"
        : "not run yet",
    payouts: rows.map((payout) => payoutView(payout, UK_PAYOUT_TIME_ZONE)),
    olderHref: next ? `/admin/payouts?${next}` : null,
    bankFiles: files.map((file) => ({
      id: file.id,
      summary: `${file.payoutCount} ${file.payoutCount === 1 ? "payout" : "payouts"}, ${formatPortalMoney(file.total, "GBP")}, made by ${file.createdByName} on ${formatPortalTime(file.createdAt, UK_PAYOUT_TIME_ZONE)}`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/payouts");
  return payoutsListAction(context, actor, await request.formData());
}

const BUTTON = "rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-60";

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { payouts, filter, bankFiles } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message = useRef<HTMLDivElement>(null);
  // The answer to a button takes the focus, so a keyboard or screen-reader user hears what happened.
  useEffect(() => {
    if (actionData) message.current?.focus();
  }, [actionData]);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Merchant payouts</h1>
      <div ref={message} tabIndex={-1} className="outline-none focus-visible:outline">
        {actionData && <AccountFormMessage success={actionData.success} error={actionData.formError} />}
      </div>
      <section aria-labelledby="run-heading" className="mb-6 max-w-3xl rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="run-heading" className="mb-2 text-xl font-bold">
          This week&apos;s run
        </h2>
        <p className="mb-3" data-testid="payout-run-state">
          {`The latest cut-off was ${loaderData.cutoff} (UK time): ${loaderData.runState}. The schedule runs it within the hour; run it now to draft the payouts at once.`}
        </p>
        <Form method="post" className="flex flex-wrap gap-3">
          <CsrfField token={loaderData.csrfToken} />
          <button type="submit" name="intent" value="run" disabled={busy} className={BUTTON}>
            Run payouts up to this cut-off
          </button>
          <button type="submit" name="intent" value="run-now" disabled={busy} className={BUTTON}>
            Pay everything up to now (an extra run)
          </button>
        </Form>
      </section>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find payouts">
        <FilterSelect
          label="Status"
          name="status"
          defaultValue={filter.status}
          any="Any status"
          options={STATUSES.map((status) => ({ value: status, label: PAYOUT_STATUS_LABELS[status] }))}
        />
        <button type="submit" className={BUTTON}>
          Show
        </button>
      </Form>
      {payouts.length === 0 ? (
        <p data-testid="payouts-summary">No payouts match.</p>
      ) : (
        <PayoutTable payouts={payouts} caption={`${payouts.length} ${payouts.length === 1 ? "payout" : "payouts"}, newest first`} basePath="/admin/payouts" forFinance />
      )}
      <PageLinks previousHref={null} nextHref={loaderData.olderHref} />
      <section aria-labelledby="bank-files-heading" className="mt-6 max-w-3xl rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="bank-files-heading" className="mb-2 text-xl font-bold">
          Bank files
        </h2>
        <p className="mb-3">
          A bank file takes every approved payout in pounds not yet sent, in the BACS bureau layout. Payouts in euros are paid by SEPA transfer and marked paid by hand.
        </p>
        <Form method="post" className="mb-3">
          <CsrfField token={loaderData.csrfToken} />
          <button type="submit" name="intent" value="bank-file" disabled={busy} className={BUTTON}>
            Create a bank file
          </button>
        </Form>
        {bankFiles.length === 0 ? (
          <p>No bank files yet.</p>
        ) : (
          <ul className="list-disc pl-6">
            {bankFiles.map((file) => (
              <li key={file.id}>
                <a href={`/admin/payouts/bank-files/${file.id}/bacs.csv`} download className="font-bold text-brand-dark underline">
                  Bank file {file.id}
                </a>
                : {file.summary}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
