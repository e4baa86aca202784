import { useEffect, useRef } from "react";
import { Form, data, useNavigation } from "react-router";
import { JOB_STATUSES, listJobs } from "../../../modules/jobs/operator";
import type { JobStatus } from "../../../modules/jobs/schema";
import { hasPermission } from "../../../modules/staff/permissions";
import { retryJobAsStaff } from "../../../modules/staff/retry-job";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { HeadingRow } from "../../components/HeadingRow";
import { FilterSelect } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/jobs";

export const meta = accountMeta("Jobs");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const STATUS_LABELS: Record<JobStatus, string> = { pending: "Waiting", running: "Running", done: "Done", dead: "Dead (gave up)" };
const SHOWN = 100;
const utc = (at: Date | null) => (at ? at.toISOString().slice(0, 16).replace("T", " ") : "–");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/jobs");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status") ?? "dead";
  const status = (JOB_STATUSES as readonly string[]).includes(asked) ? (asked as JobStatus) : undefined;
  const name = (params.get("name") ?? "").trim().slice(0, 100);
  const rows = await listJobs(context.db, { status, name: name || undefined, limit: SHOWN });
  return {
    csrfToken: context.session.csrfToken(),
    canRetry: hasPermission(session.member.role, "operations.manage"),
    filter: { status: status ?? "", name },
    jobs: rows.map((job) => ({
      id: job.id,
      name: job.name,
      status: job.status,
      statusLabel: STATUS_LABELS[job.status],
      attempts: `${job.attempts} of ${job.maxAttempts}`,
      runAt: utc(job.runAt),
      finishedAt: utc(job.finishedAt),
      lastError: job.lastError ? job.lastError.slice(0, 500) : null,
    })),
  };
}

/** "Run again" on a dead job (the guard lets only `operations.manage` here). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/jobs");
  const form = await request.formData();
  const id = formText(form, "jobId");
  if (formText(form, "intent") !== "retry" || !/^\d{1,9}$/.test(id)) return data({ formError: "Unknown action." }, { status: 400 });
  const result = await retryJobAsStaff(context.db, context.clock, actor, Number(id));
  switch (result.outcome) {
    case "retried":
      return data({ success: `Job ${id} (${result.job.name}) is waiting to run again; a running server picks it up within a second or two.` });
    case "not-found":
      return data({ formError: `There is no job ${id}.` }, { status: 404 });
    case "not-dead":
      return data({ formError: `Job ${id} is ${STATUS_LABELS[result.job.status].toLowerCase()}: only dead jobs can be run again.` }, { status: 409 });
    case "already-queued":
      return data(
        { formError: `Job ${id} was not run again: job ${result.queued.id} with the same key is already ${STATUS_LABELS[result.queued.status].toLowerCase()}.` },
        { status: 409 },
      );
  }
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, filter, canRetry } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message = useRef<HTMLDivElement>(null);
  // The answer to "Run again" takes the focus: the row's button is gone once the job is waiting.
  useEffect(() => {
    if (actionData) message.current?.focus();
  }, [actionData]);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Jobs</h1>
      <p className="mb-4 max-w-3xl">
        Background work (emails, expiries, renewals, payouts…) runs as jobs. A job that keeps failing is marked dead after its last attempt; once its cause is fixed, run it again
        here or with <code>npm run jobs -- retry &lt;id&gt;</code>.
      </p>
      <div ref={message} tabIndex={-1}>
        {actionData && (
          <AccountFormMessage success={"success" in actionData ? actionData.success : undefined} error={"formError" in actionData ? actionData.formError : undefined} />
        )}
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find jobs">
        <FilterSelect
          label="Status"
          name="status"
          defaultValue={filter.status}
          any="Any status"
          options={JOB_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        />
        <label className="flex flex-col">
          Job name
          <input name="name" defaultValue={filter.name} className="rounded border border-gray-500 p-2" placeholder="mail.deliver" />
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find
        </button>
      </Form>
      {jobs.length === 0 ? (
        <p data-testid="jobs-summary">No jobs match.</p>
      ) : (
        <TableScroller label="Jobs found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="mb-2 text-left font-bold" data-testid="jobs-summary">
              The newest {jobs.length === SHOWN ? `${SHOWN}` : jobs.length} {jobs.length === 1 ? "job" : "jobs"} that match
            </caption>
            <thead>
              <HeadingRow headings={["Id", "Name", "Status", "Attempts", "Due (UTC)", "Finished (UTC)", "Why it last failed", ...(canRetry ? ["Action"] : [])]} />
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-b border-gray-200 align-top" data-testid="job-row">
                  <td className="p-2 font-mono">{job.id}</td>
                  <td className="p-2 font-mono">{job.name}</td>
                  <td className="p-2">{job.statusLabel}</td>
                  <td className="p-2">{job.attempts}</td>
                  <td className="p-2">{job.runAt}</td>
                  <td className="p-2">{job.finishedAt}</td>
                  <td className="max-w-md break-words p-2">{job.lastError ?? "–"}</td>
                  {canRetry && (
                    <td className="p-2">
                      {job.status === "dead" && (
                        <Form method="post">
                          <CsrfField token={loaderData.csrfToken} />
                          <input type="hidden" name="jobId" value={job.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="retry"
                            disabled={busy}
                            aria-label={`Run job ${job.id} again`}
                            className="rounded border-2 border-brand px-3 py-1 font-bold text-brand-dark hover:bg-gray-50 disabled:opacity-60"
                          >
                            Run again
                          </button>
                        </Form>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
