import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { auditEvents } from "./schema";

/** Who acted: a member of staff (name and role as they are now), or the command line (no id). */
export interface AuditActor {
  staffUserId: number | null;
  name: string;
  role: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** A dotted verb: "staff.invite", "staff.role-change", "deal.publish". */
  action: string;
  entity: { type: string; id: string | number };
  /** The entity's fields before and after (null for a creation or a removal). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
  ip?: string | null;
  requestId?: string | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, as { field: [before, after] }; unchanged fields are left out. */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!same(was, now)) changes[field] = [was, now];
  }
  return changes;
}

/**
 * Writes one audit row. Pass the transaction of the change: the row exists if and only if the
 * change commits (the table refuses updates and deletes, migration 0014).
 */
export async function recordAudit(tx: Db, entry: AuditEntry, clock: Clock): Promise<void> {
  await tx.insert(auditEvents).values({
    at: clock.now(),
    staffUserId: entry.actor.staffUserId,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: String(entry.entity.id),
    changes: auditChanges(entry.before, entry.after),
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}
