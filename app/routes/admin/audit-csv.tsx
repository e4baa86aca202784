import { auditCsvHeader, auditCsvRow } from "../../../modules/audit/audit-csv";
import { searchAudit } from "../../../modules/audit/search-audit";
import { auditFilterFromUrl } from "../../admin/audit-filter.server";
import { requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/audit-csv";

/** The most rows one export holds; narrow the search (dates) for more. */
const EXPORT_LIMIT = 50_000;

/** The audit trail as CSV for the same search as the timeline (no paging), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/audit.csv");
  const { filter } = auditFilterFromUrl(new URL(request.url));
  const { events } = await searchAudit(context.db, filter, { size: EXPORT_LIMIT });
  const body = [auditCsvHeader(), ...events.map(auditCsvRow)].join("\r\n") + "\r\n";
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="audit.csv"', "Cache-Control": "private, no-store" },
  });
}
