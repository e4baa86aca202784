import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who moved an aggregate from one state to another. */
export type ActorType = "customer" | "staff" | "merchant" | "system";

/**
 * The history of every status change of every aggregate with a status (order, payment, voucher,
 * and later refund, return, subscription, membership): one row per transition, written by
 * `transition()` in the same statement batch as the guarded status update. Timelines read it.
 */
export const statusEvents = pgTable(
  "status_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The aggregate's kind, e.g. "order", "payment", "voucher". */
    aggregate: text("aggregate").notNull(),
    aggregateId: integer("aggregate_id").notNull(),
    /** Null for the event that records an aggregate's first state. */
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    /** Customer or staff id, merchant id, or the job's name. */
    actorId: text("actor_id"),
    reason: text("reason"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("status_events_aggregate_idx").on(t.aggregate, t.aggregateId, t.id)],
);
