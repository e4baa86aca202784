import { Form } from "react-router";
import { searchAudit } from "../../../modules/audit/search-audit";
import { listStaff } from "../../../modules/staff/list-staff";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { auditFilterFromUrl } from "../../admin/audit-filter.server";
import { requireAdminPage } from "../../admin/guard.server";
import { FilterSelect } from "../../components/admin/ListControls";
import type { Route } from "./+types/audit";

export const meta = accountMeta("Audit trail");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The back-office page of an audited thing, where it has one. */
const ENTITY_PAGES: Record<string, (id: string) => string> = {
  deal: (id) => `/admin/deals/${id}`,
  merchant: (id) => `/admin/merchants/${id}`,
  content_page: (id) => `/admin/content/${id}`,
  promo_code: (id) => `/admin/promo-codes/${id}`,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/audit");
  const url = new URL(request.url);
  const { filter, after, values } = auditFilterFromUrl(url);
  const [page, staff] = await Promise.all([searchAudit(context.db, filter, { after }), listStaff(context.db)]);
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ""));
  const nextQuery = page.next ? new URLSearchParams([...query, ["after", page.next]]) : null;
  return {
    values,
    people: staff.map((member) => ({ id: member.id, name: member.name })),
    events: page.events.map((event) => ({
      id: event.id,
      at: event.at.toISOString().replace("T", " ").slice(0, 19),
      who: event.actorName,
      role: event.actorRole,
      action: event.action,
      entity: `${event.entityType} ${event.entityId}`,
      entityHref: ENTITY_PAGES[event.entityType]?.(event.entityId) ?? null,
      changes: Object.entries(event.changes).map(([field, [before, afterValue]]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(afterValue)}`),
      reason: event.reason,
    })),
    csvHref: `/admin/audit.csv${query.size ? `?${query}` : ""}`,
    nextHref: nextQuery ? `/admin/audit?${nextQuery}` : null,
  };
}

const INPUT = "rounded border border-gray-500 p-2";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { values } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Audit trail</h1>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Search the audit trail">
        <FilterSelect label="Person" name="person" defaultValue={values.person} any="Anyone" options={loaderData.people.map((person) => ({ value: person.id, label: person.name }))} />
        <label className="flex flex-col">
          Entity type
          <input name="entityType" defaultValue={values.entityType} className={INPUT} placeholder="staff_user" />
        </label>
        <label className="flex flex-col">
          Entity id
          <input name="entityId" defaultValue={values.entityId} className={INPUT} />
        </label>
        <label className="flex flex-col">
          From (UTC day)
          <input type="date" name="from" defaultValue={values.from} className={INPUT} />
        </label>
        <label className="flex flex-col">
          To (UTC day)
          <input type="date" name="to" defaultValue={values.to} className={INPUT} />
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Search
        </button>
        <a href={loaderData.csvHref} className="font-bold text-brand-dark underline" download>
          Export as CSV
        </a>
      </Form>
      {loaderData.events.length === 0 ? (
        <p>No changes match.</p>
      ) : (
        <ol className="space-y-3" aria-label="Timeline, newest first" data-testid="audit-timeline">
          {loaderData.events.map((event) => (
            <li key={event.id} className="wrap-anywhere rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <p>
                <time className="font-mono">{event.at} UTC</time> · <strong>{event.who}</strong>
                {event.role ? ` (${event.role})` : ""} · <span className="font-mono">{event.action}</span> ·{" "}
                {event.entityHref ? (
                  <a href={event.entityHref} className="text-brand-dark underline">
                    {event.entity}
                  </a>
                ) : (
                  event.entity
                )}
              </p>
              {event.changes.length > 0 && (
                <ul className="mt-1 list-disc pl-5 font-mono text-sm">
                  {event.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              )}
              {event.reason && <p className="mt-1">Reason: {event.reason}</p>}
            </li>
          ))}
        </ol>
      )}
      {loaderData.nextHref && (
        <p className="mt-6">
          <a href={loaderData.nextHref} className="font-bold text-brand-dark underline">
            Older changes
          </a>
        </p>
      )}
    </section>
  );
}
