import { parseAuditCursor, type AuditFilter } from "../../modules/audit/search-audit";

const DAY_MS = 86_400_000;

function day(value: string | null): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The audit timeline's search from the address (person, entity, dates as UTC days, page cursor);
 * anything malformed is ignored rather than refused, so a hand-edited address still answers.
 */
export function auditFilterFromUrl(url: URL): { filter: AuditFilter; after?: { at: Date; id: number }; values: Record<string, string> } {
  const params = url.searchParams;
  const person = params.get("person") ?? "";
  const entityType = (params.get("entityType") ?? "").trim().slice(0, 60);
  const entityId = (params.get("entityId") ?? "").trim().slice(0, 60);
  const from = day(params.get("from"));
  const to = day(params.get("to"));
  const filter: AuditFilter = {
    staffUserId: /^\d{1,9}$/.test(person) ? Number(person) : undefined,
    entityType: entityType || undefined,
    entityId: entityId || undefined,
    from,
    until: to ? new Date(to.getTime() + DAY_MS) : undefined,
  };
  const values = { person, entityType, entityId, from: from ? params.get("from")! : "", to: to ? params.get("to")! : "" };
  return { filter, after: parseAuditCursor(params.get("after")), values };
}
