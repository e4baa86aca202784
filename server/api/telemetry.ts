import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { fingerprintToken, recordTelemetryEvent, type TelemetryEventInput } from "../../modules/telemetry/record-event";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import type { Metrics } from "../metrics";
import { limitRequestBodies } from "../security/body-limit";
import { checkRateLimit } from "../security/rate-limits";
import { rateLimitedResponse } from "./account-helpers";
import { ErrorResponseSchema } from "./errors";
import { BOT_REASON, ErrorLogRecordSchema, LogRecordSchema, NotFoundReportSchema } from "./telemetry-schemas";

/** A report is a few hundred bytes; 8 KB leaves room for a stack trace and refuses dumps (413). */
export const MAX_TELEMETRY_BODY_BYTES = 8 * 1024;

export const FOREIGN_ORIGIN_MESSAGE = "Reports are accepted from the shop's own pages only.";

const errorContent = { "application/json": { schema: ErrorResponseSchema } };
const responses = {
  204: { description: "Stored" },
  400: { description: "A field is missing or too long", content: errorContent },
  403: { description: "No CSRF token, or sent from another origin", content: errorContent },
  413: { description: "Body larger than 8 KB", content: errorContent },
  429: { description: "Too many reports from this client", content: errorContent },
};

const logRoute = createRoute({
  method: "post",
  path: "/log",
  summary: "A client log record (tokens are stored only as fingerprints, the IP not at all)",
  request: { body: { required: true, content: { "application/json": { schema: LogRecordSchema } } } },
  responses,
});

const notFoundRoute = createRoute({
  method: "post",
  path: "/notFoundHit",
  summary: "A page-not-found hit; a search bot's (by user agent, or reason 'This is a bot') is stored as a bot report",
  request: { body: { required: true, content: { "application/json": { schema: NotFoundReportSchema } } } },
  responses,
});

const errorLogRoute = createRoute({
  method: "post",
  path: "/errorLog",
  summary: "A client error caught in the browser (window.onerror, unhandled rejection)",
  request: { body: { required: true, content: { "application/json": { schema: ErrorLogRecordSchema } } } },
  responses,
});

export const TELEMETRY_PATHS = ["/log", "/notFoundHit", "/errorLog"] as const;

/**
 * Beacons come from the shop's own pages: a browser says where a request comes from (Origin,
 * Sec-Fetch-Site), and a report another site makes a visitor's browser send is refused. Clients
 * that send neither header (no browser) still need the CSRF token every /v1 write needs.
 */
function sameOriginOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if ((origin !== undefined && origin !== c.get("publicOrigin")) || (site !== undefined && site !== "same-origin")) {
      return apiError(c, 403, "FOREIGN_ORIGIN", FOREIGN_ORIGIN_MESSAGE);
    }
    await next();
  };
}

function rateLimited(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "telemetry"));
    if (limited) return limited;
    await next();
  };
}

/**
 * The browser's reports (docs/decisions/telemetry-beacons.md): stored in telemetry_events with the
 * brand, the request's user agent and the time, counted in `telemetry_events_total`. Like every
 * /v1 write they need the CSRF token (server/security/csrf.ts); they are also refused from other
 * origins, above 8 KB and beyond 60 per client IP in 10 minutes.
 */
export function registerTelemetryRoutes(api: OpenAPIHono<AppEnv>, metrics?: Pick<Metrics, "telemetryEvents">): void {
  for (const path of TELEMETRY_PATHS) {
    api.use(path, sameOriginOnly(), limitRequestBodies(MAX_TELEMETRY_BODY_BYTES), rateLimited());
  }

  const store = async (c: Parameters<Parameters<typeof api.openapi>[1]>[0], event: Omit<TelemetryEventInput, "brand" | "userAgent">) => {
    const brand = c.get("brand").id;
    await recordTelemetryEvent(c.get("db"), c.get("clock"), { ...event, brand, userAgent: c.req.header("user-agent") ?? "" });
    metrics?.telemetryEvents.inc({ kind: event.kind, brand });
    return c.body(null, 204);
  };

  /** The page a report came from: the browser's Referer (same origin), path only. */
  const reportingPage = (c: { req: { header(name: string): string | undefined } }) => c.req.header("referer") ?? null;

  api.openapi(logRoute, async (c) => {
    const record = c.req.valid("json");
    return store(c, {
      kind: "log",
      path: reportingPage(c),
      detail: {
        client: record.client,
        dateTime: record.dateTime,
        description: record.description,
        server: record.server,
        bt: fingerprintToken(record.bt),
        ct: fingerprintToken(record.ct),
      },
    });
  });

  api.openapi(notFoundRoute, async (c) => {
    const report = c.req.valid("json");
    const bot = report.reason === BOT_REASON || isbot(c.req.header("user-agent") ?? "");
    return store(c, {
      kind: bot ? "bot" : "not_found",
      path: report.pageNotFound,
      detail: { additionalData: report.additionalData, dateTime: report.dateTime, reason: bot ? BOT_REASON : report.reason },
    });
  });

  api.openapi(errorLogRoute, async (c) => {
    const record = c.req.valid("json");
    return store(c, {
      kind: "client_error",
      path: reportingPage(c) ?? record.referrer ?? null,
      detail: {
        client: record.client,
        description: record.description,
        error: record.error,
        message: record.message,
        name: record.name,
        // The page's address without its query string, which may carry tokens (?ct=…).
        referrer: record.referrer ? (record.referrer.split(/[?#]/, 1)[0] ?? null) : null,
        server: record.server,
      },
    });
  });
}
