import { and, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditEvents } from "./schema";

export interface AuditFilter {
  staffUserId?: number;
  entityType?: string;
  entityId?: string;
  /** From this moment (inclusive) to `until` (exclusive). */
  from?: Date;
  until?: Date;
}

export type AuditEvent = typeof auditEvents.$inferSelect;

export const AUDIT_PAGE_SIZE = 50;

function conditions(filter: AuditFilter, before?: { at: Date; id: number }): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.staffUserId !== undefined) parts.push(eq(auditEvents.staffUserId, filter.staffUserId));
  if (filter.entityType) parts.push(eq(auditEvents.entityType, filter.entityType));
  if (filter.entityId) parts.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.from) parts.push(gte(auditEvents.at, filter.from));
  if (filter.until) parts.push(lt(auditEvents.at, filter.until));
  if (before) parts.push(or(lt(auditEvents.at, before.at), and(eq(auditEvents.at, before.at), lt(auditEvents.id, before.id))));
  return and(...parts);
}

/** A page cursor: the last row shown (time and id), so the next page starts below it. */
export function auditCursor(event: Pick<AuditEvent, "at" | "id">): string {
  return `${event.at.getTime()}-${event.id}`;
}

export function parseAuditCursor(value: string | null | undefined): { at: Date; id: number } | undefined {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(value ?? "");
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : undefined;
}

/**
 * The timeline, newest first, one page at a time by keyset (the time and id of the last row
 * shown), so a deep page costs what the first does: the indexes on (at), (staff, at) and
 * (entity, at) answer each filter.
 */
export async function searchAudit(db: Db, filter: AuditFilter, page: { after?: { at: Date; id: number }; size?: number } = {}) {
  const size = page.size ?? AUDIT_PAGE_SIZE;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(conditions(filter, page.after))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(size + 1);
  const events = rows.slice(0, size);
  return { events, next: rows.length > size ? auditCursor(events[events.length - 1]) : null };
}
