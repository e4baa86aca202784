import { csvText as csvField } from "../../lib/csv";
import type { AuditEvent } from "./search-audit";

const HEADER = ["Time (UTC)", "Person", "Role", "Action", "Entity", "Entity id", "Changes", "Reason", "IP", "Request id"];

function changesText(changes: Record<string, [unknown, unknown]>): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join("; ");
}

export function auditCsvRow(event: AuditEvent): string {
  return [
    event.at.toISOString(),
    event.actorName,
    event.actorRole ?? "",
    event.action,
    event.entityType,
    event.entityId,
    changesText(event.changes),
    event.reason ?? "",
    event.ip ?? "",
    event.requestId ?? "",
  ]
    .map(csvField)
    .join(",");
}

export function auditCsvHeader(): string {
  return HEADER.map(csvField).join(",");
}
