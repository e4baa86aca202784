import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  /** Browser reports stored (server/api/telemetry.ts): kind is log, not_found, bot or client_error. */
  telemetryEvents: Counter<"kind" | "brand">;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route family and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const telemetryEvents = new Counter({
    name: "telemetry_events_total",
    help: "Browser reports stored, by kind (log, not_found, bot, client_error) and brand",
    labelNames: ["kind", "brand"] as const,
    registers: [registry],
  });
  return { registry, httpDuration, telemetryEvents };
}

/** Keeps label cardinality bounded: deal ids and slugs must not become label values. */
export function routeFamily(path: string): string {
  if (path.startsWith("/v1/")) return `/v1/${path.split("/")[2] ?? ""}`;
  if (path.startsWith("/assets/")) return "/assets";
  if (path.startsWith("/img/")) return "/img";
  const first = path.split("/")[1];
  return first ? `/${first}` : "/";
}
