import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { serialize } from "hono/utils/cookie";
import { createRequestHandler, type ServerBuild } from "react-router";
import { BRAND_OVERRIDE_COOKIE, type BrandId, isBrandId, resolveBrand } from "../lib/brand";
import { renderDealImage } from "../lib/deal-pictures/draw";
import { type DealImageRequest, isValidImageRequest, parseDealImageFile } from "../lib/deal-pictures/urls";
import { visitorMiddleware } from "./accounts/visitor-middleware";
import { createApi } from "./api";
import { buyingSettings } from "./buying/buying-context";
import type { AppDependencies, AppEnv } from "./context";
import { devClock } from "./dev-clock";
import { registerDevMailbox } from "./dev-mailbox";
import { apiError, errorResponse } from "./errors";
import { createMetrics, routeFamily } from "./metrics";
import { compressResponses } from "./compress-responses";
import { createReadiness } from "./readiness";
import { createSandboxGateway } from "./sandbox-gateway";
import { refuseUnsafeInput } from "./security/unsafe-input";
import type { PageCache } from "./page-cache";
import { publicOrigin } from "./public-origin";
import { parsePhotoFile, renditionKey } from "../modules/deal-pipeline/photo-files";
import { buildAdapters } from "./adapters";
import { limitRequestBodies, MAX_BODY_BYTES, UPLOAD_LIMITS } from "./security/body-limit";
import { cspNonce, securityHeaders } from "./security/headers";
import { loopbackOnly } from "./security/loopback-only";

export interface PageRendering {
  build: ServerBuild;
  /** Directory of the built browser assets (build/client). */
  clientDir: string;
  /** Shared cache for anonymous pages; absent when switched off. */
  cache?: PageCache;
}

const YEAR_SECONDS = 31_536_000;

/** The last few hundred drawn deal pictures (a picture is a few kilobytes; drawing one about 0.1 ms). */
const drawnImages = new Map<string, string>();
function drawnDealImage(request: DealImageRequest): string {
  const key = `${request.category}/${request.subCategory ?? ""}/${request.dealId ?? 0}/${request.variant}/${request.width ?? 0}`;
  let svg = drawnImages.get(key);
  if (svg === undefined) {
    svg = renderDealImage(request);
    if (drawnImages.size >= 500) drawnImages.delete(drawnImages.keys().next().value as string);
    drawnImages.set(key, svg);
  }
  return svg;
}

/** The whole HTTP surface: health, metrics, `/v1` API, static assets and server-rendered pages. */
export function createApp(deps: AppDependencies, pages?: PageRendering): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const metrics = createMetrics();
  const adapters = deps.adapters ?? buildAdapters(deps.config);

  app.use(async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const log = deps.logger.child({ requestId });
    const brand = resolveBrand(
      { host: c.req.header("host"), queryBrand: c.req.query("brand") ?? null, cookieBrand: getCookie(c, BRAND_OVERRIDE_COOKIE) },
      deps.config.BRAND,
      deps.config.brandOverride,
    );
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("brand", brand);
    c.set("publicOrigin", publicOrigin(deps.config, brand.id, c.req.header("x-forwarded-proto")));
    c.set("db", deps.database.db);
    c.set("clock", deps.clock);
    c.set("adapters", adapters);
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    // Set after the handler: a page handler returns its own Response, which replaces earlier headers.
    c.res.headers.set("x-request-id", requestId);
    const query = c.req.query("brand");
    if (deps.config.brandOverride && isBrandId(query)) {
      // Remember the development override so following links keep the brand.
      c.res.headers.append("set-cookie", serialize(BRAND_OVERRIDE_COOKIE, query, { path: "/", httpOnly: true, sameSite: "Lax" }));
    }
    metrics.httpDuration.observe({ method: c.req.method, route: routeFamily(c.req.path), status: String(c.res.status) }, seconds);
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(seconds * 1000), brand: brand.id, userAgent: c.req.header("user-agent")?.slice(0, 300) },
      "request",
    );
  });

  app.use("*", securityHeaders(deps.config));
  app.use("*", limitRequestBodies(MAX_BODY_BYTES, UPLOAD_LIMITS));
  // Pages and JSON are compressed on the way out (cached pages and static files come pre-compressed).
  app.use("*", compressResponses());
  // NUL bytes and broken Unicode never get past here to a route, a page or the database.
  app.use("*", refuseUnsafeInput());

  // A prepared answer (the metrics bearer check's 401 with WWW-Authenticate) goes out as it is.
  app.onError((error, c) => (error instanceof HTTPException && error.res ? error.getResponse() : errorResponse(error, c)));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const readiness = createReadiness(deps.database);
  app.get("/readyz", async (c) => {
    const answer = await readiness.check();
    if (answer.ready) return c.json({ status: "ready", database: deps.database.kind, busy: answer.busy });
    c.get("log").warn({ err: answer.error, reason: answer.reason }, "readiness check failed");
    return c.json({ status: "unavailable", database: deps.database.kind }, 503);
  });
  // Metrics describe the shop's internals: only a scraper holding METRICS_TOKEN reads them.
  if (deps.config.METRICS_TOKEN) {
    app.get("/metrics", bearerAuth({ token: deps.config.METRICS_TOKEN }), async (c) => {
      c.header("content-type", metrics.registry.contentType);
      c.header("cache-control", "no-store");
      return c.body(await metrics.registry.metrics());
    });
  }

  // The sandbox payment gateway's tokenise endpoint: outside /v1, as a real gateway would be.
  app.route(
    "/sandbox-gateway",
    createSandboxGateway({
      trustProxy: deps.config.TRUST_PROXY === "on",
      secureCookies: deps.config.NODE_ENV === "production",
      webhookSecret: deps.config.sandboxWebhookSecret,
      deliver: (request) => Promise.resolve(app.fetch(request)),
    }),
  );
  // The demo's mailbox and development tools show everyone's mail and mint credit: this machine only.
  if (deps.config.demo) {
    app.use("/dev/*", loopbackOnly());
    app.use("/v1/dev/*", loopbackOnly());
  }
  // A browser that time-travelled (POST /v1/dev/clock) gets its own clock, before sessions are read.
  if (deps.config.devTools) app.use("*", devClock());
  // Sessions, cookies and CSRF checks for the API here, and for pages below (after static files).
  const visitor = visitorMiddleware(deps);
  app.use("/v1/*", visitor);
  app.route("/v1", createApi(deps, metrics));
  app.all("/v1/*", (c) => apiError(c, 404, "NOT_FOUND", "Page not found"));
  app.notFound((c) => c.text("Page not found", 404));

  if (deps.config.devMailbox) registerDevMailbox(app);

  // Generated deal pictures (lib/deal-pictures/draw.ts): the same URL always draws the same
  // bytes, so they are cached for a year; recently drawn ones are kept in memory.
  const sendDealImage = (c: Context, request: DealImageRequest | null) => {
    if (!request || !isValidImageRequest(request)) return c.text("Page not found", 404);
    c.header("content-type", "image/svg+xml");
    c.header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`);
    return c.body(drawnDealImage(request));
  };
  app.get("/img/deal/:category/:file", (c) => {
    const match = /^(\d{1,2})\.svg$/.exec(c.req.param("file"));
    return sendDealImage(c, match ? { category: c.req.param("category"), variant: Number(match[1]) } : null);
  });
  app.get("/img/deal/:category/:subCategory/:file", (c) => {
    const file = parseDealImageFile(c.req.param("file"));
    return sendDealImage(c, file ? { category: c.req.param("category"), subCategory: c.req.param("subCategory"), ...file } : null);
  });

  // Uploaded deal photos (modules/deal-pipeline/photo-files.ts): a name is a hash of the upload, so never changes.
  app.get("/img/photo/:dealId/:file", async (c) => {
    const dealId = c.req.param("dealId");
    const file = /^\d{1,12}$/.test(dealId) ? parsePhotoFile(c.req.param("file")) : null;
    const bytes = file ? await adapters.storage.get(renditionKey(Number(dealId), file.name, file.width, file.format)) : null;
    if (!file || !bytes) return c.text("Page not found", 404);
    c.header("content-type", file.format === "webp" ? "image/webp" : "image/jpeg");
    c.header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`);
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  });

  if (pages) {
    const root = relative(process.cwd(), pages.clientDir) || ".";
    // Fingerprinted bundles never change under the same name: cache them for a year.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`);
        },
      }),
    );
    // The few unfingerprinted files at the top of the build (favicon, manifest), each on its own
    // route: a catch-all would look on disk for every page request first.
    const topLevelFiles = readdirSync(pages.clientDir, { withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of topLevelFiles) {
      app.get(
        `/${file.name}`,
        serveStatic({
          root,
          onFound: (_path, c) => {
            c.header("cache-control", "public, max-age=3600");
          },
        }),
      );
    }
    app.use("*", visitor);
    if (pages.cache) {
      app.use("*", pages.cache.middleware());
      pages.cache.render = (request) => Promise.resolve(app.fetch(request));
    }
    const buying = buyingSettings(deps.config);
    const demo = deps.config.demo ? { mailbox: deps.config.devMailbox } : null;
    const handle = createRequestHandler(pages.build, deps.config.NODE_ENV === "production" ? "production" : "development");
    app.all("*", async (c) => {
      const response = await handle(c.req.raw, {
        db: c.get("db"),
        clock: c.get("clock"),
        brand: c.get("brand"),
        publicOrigin: c.get("publicOrigin"),
        requestId: c.get("requestId"),
        log: c.get("log"),
        clientIp: c.get("clientIp"),
        cookies: c.get("cookies"),
        customer: c.get("customer"),
        session: c.get("session"),
        adapters,
        buying,
        mapTiles: deps.config.mapTiles,
        bankDetailsKey: deps.config.bankDetailsKey,
        goodwillApprovalAbove: deps.config.GOODWILL_APPROVAL_ABOVE,
        payoutCutoff: deps.config.PAYOUT_CUTOFF,
        nonce: cspNonce(c),
        demo,
        brandOrigin: (brand: BrandId) => publicOrigin(deps.config, brand, c.req.header("x-forwarded-proto")),
      });
      // A page rendered for a signed-in customer may show their VIP prices: no shared cache may keep
      // it, whatever the page says (also when the in-process page cache is switched off).
      if (!c.get("customer")) return response;
      const headers = new Headers(response.headers);
      headers.set("cache-control", "private, no-store");
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  }

  return app;
}
