import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail: one append-only row for every change a staff member makes, written in the same
 * transaction as the change. The database refuses UPDATE and DELETE on it (a trigger, migration
 * 0014), so not even the application can rewrite history.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Who acted: a staff user, or null for the command line (`npm run staff`). */
    staffUserId: integer("staff_user_id"),
    /** The actor's name and role as they were at the time (a later rename or role change does not rewrite it). */
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role"),
    /** What was done, as a dotted verb: "staff.invite", "deal.publish", "refund.goodwill". */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The fields that changed: { field: [before, after] }. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull(),
    reason: text("reason"),
    ip: text("ip"),
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_staff_idx").on(t.staffUserId, t.at),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.at),
  ],
);
