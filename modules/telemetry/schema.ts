import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** log: a client log record; not_found: a page-not-found hit; bot: a bot report; client_error: window.onerror or an unhandled rejection. */
export type TelemetryKind = "log" | "not_found" | "bot" | "client_error";

/**
 * What browsers report about themselves (spec: log record, not-found/bot report, error-log
 * record). Stored with brand, user agent and time; operators see counts, never the raw stream.
 */
export const telemetryEvents = pgTable(
  "telemetry_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<TelemetryKind>().notNull(),
    brand: text("brand").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** The page the report is about (not-found path, page of the error), without query string. */
    path: text("path"),
    /** The record's other fields as the spec names them, validated and size-capped. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("telemetry_events_kind_time_idx").on(t.kind, t.createdAt), index("telemetry_events_time_idx").on(t.createdAt)],
);
