import { gunzipSync, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./context";
import { inlineScriptHashes } from "./security/inline-script-hashes";

/**
 * An in-process shared cache for anonymous pages. Pages opt in with their own Cache-Control
 * (`public, s-maxage=N, stale-while-revalidate=M`), the same header a CDN obeys; the cache keeps
 * the bytes for N seconds, serves them stale for M more while one background render refreshes
 * them, and drops every page that shows a deal as soon as that deal changes (pages list the deals
 * they show in an `x-cache-tags` header, which never leaves the server).
 *
 * Requests that carry a personal cookie (a signed-in session) are never served from or stored in
 * the cache, and neither is any response that sets a cookie.
 */
export interface PageCacheOptions {
  /** Cookies whose presence means the page may be personal: such requests bypass the cache. */
  personalCookies: readonly string[];
  /** Cookies whose value changes an anonymous page (e.g. the chosen location): part of the key. */
  varyCookies: readonly string[];
  maxBytes: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  /**
   * A page of 1 KB or more is kept gzipped only (a quarter of the memory, so four times the pages
   * fit), and unzipped for the rare client that does not accept gzip; a smaller one as it is.
   */
  body: { encoding: "gzip" | "identity"; bytes: Uint8Array<ArrayBuffer> };
  /**
   * The CSP hash sources of the page's inline scripts: every answer from the cache allows exactly
   * these instead of a nonce (the render's nonce is taken out of the stored bytes), so a hit sends
   * the stored bytes as they are, with no nonce ever served twice.
   */
  scriptHashes: string[] | null;
  freshUntil: number;
  staleUntil: number;
  tags: string[];
}

export const CACHE_TAGS_HEADER = "x-cache-tags";
const CACHE_STATUS_HEADER = "x-page-cache";
// Compressing a small page costs more than it saves on the wire.
const MIN_GZIP_BYTES = 1024;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly refreshing = new Set<string>();
  /** Requests made by a background refresh: they must render, not be answered from the cache. */
  private readonly refreshRequests = new WeakSet<Request>();
  private bytes = 0;
  readonly stats = { hits: 0, staleHits: 0, misses: 0, bypasses: 0, stores: 0, invalidations: 0 };

  constructor(private readonly options: PageCacheOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /** Drops every cached page tagged with any of these tags (e.g. `deal:30000001`). */
  invalidate(tags: readonly string[]): void {
    for (const tag of tags) {
      for (const key of this.keysByTag.get(tag) ?? []) this.delete(key);
    }
    this.stats.invalidations += 1;
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (this.refreshRequests.has(c.req.raw)) {
        await next();
        return;
      }
      const method = c.req.method;
      if (method !== "GET" && method !== "HEAD") {
        await next();
        return;
      }
      if (this.options.personalCookies.some((name) => getCookie(c, name))) {
        this.stats.bypasses += 1;
        await next();
        // Whatever the page says, an answer to a signed-in request must not land in a shared cache.
        c.res.headers.set("cache-control", "private, no-store");
        c.res.headers.delete(CACHE_TAGS_HEADER);
        return;
      }
      const key = this.keyFor(c.get("brand").id, c.req.url, (name) => getCookie(c, name));
      const entry = this.lookup(key);
      const acceptsGzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
      const now = this.now();

      if (entry && now < entry.freshUntil) {
        this.stats.hits += 1;
        return this.respond(c, entry, "HIT", acceptsGzip, method);
      }
      if (entry && now < entry.staleUntil) {
        this.stats.staleHits += 1;
        this.refreshInBackground(key, c.req.raw);
        return this.respond(c, entry, "STALE", acceptsGzip, method);
      }

      this.stats.misses += 1;
      await next();
      const stored = await this.store(key, c.res, c.get("secureHeadersNonce"));
      if (stored) c.res = this.respond(c, stored, "MISS", acceptsGzip, method);
      else c.res.headers.delete(CACHE_TAGS_HEADER);
    };
  }

  /** Where a background refresh sends its request; set by the app after it is built. */
  render: ((request: Request) => Promise<Response>) | null = null;

  private keyFor(brand: string, rawUrl: string, cookie: (name: string) => string | undefined): string {
    const url = new URL(rawUrl);
    url.searchParams.sort();
    const varying = this.options.varyCookies.map((name) => `${name}=${cookie(name) ?? ""}`).join(";");
    // The host is part of the key: pages print absolute canonical URLs.
    return `${brand}|${url.host}${url.pathname}?${url.searchParams.toString()}|${varying}`;
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.staleUntil) {
      this.delete(key);
      return undefined;
    }
    // Re-insert to keep the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private async store(key: string, response: Response, renderNonce: string | undefined): Promise<Entry | null> {
    const lifetime = cacheLifetime(response);
    if (!lifetime || response.headers.has("set-cookie") || ![200, 404].includes(response.status)) return null;
    const rendered = Buffer.from(await response.arrayBuffer());
    const nonced = renderNonce !== undefined && rendered.includes(renderNonce);
    // Hashes allow the scripts from now on; the render's nonce must never be sent again.
    const body = new Uint8Array(nonced ? replaceAll(rendered, Buffer.from(` nonce="${renderNonce}"`), Buffer.alloc(0)) : rendered);
    const scriptHashes = nonced ? inlineScriptHashes(Buffer.from(body).toString("utf8")) : null;
    const tags = (response.headers.get(CACHE_TAGS_HEADER) ?? "").split(/\s+/).filter(Boolean);
    const headers = [...response.headers].filter(([name]) => name !== CACHE_TAGS_HEADER && name !== "content-length");
    const now = this.now();
    const entry: Entry = {
      status: response.status,
      headers,
      body: body.byteLength >= MIN_GZIP_BYTES ? { encoding: "gzip", bytes: new Uint8Array(gzipSync(body)) } : { encoding: "identity", bytes: body },
      scriptHashes,
      freshUntil: now + lifetime.fresh * 1000,
      staleUntil: now + (lifetime.fresh + lifetime.stale) * 1000,
      tags,
    };
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entrySize(entry);
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.stats.stores += 1;
    this.evict();
    return entry;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entrySize(entry);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private respond(c: Parameters<MiddlewareHandler<AppEnv>>[0], entry: Entry, status: "HIT" | "STALE" | "MISS", acceptsGzip: boolean, method: string): Response {
    const headers = new Headers(entry.headers);
    headers.set(CACHE_STATUS_HEADER, status);
    headers.append("vary", "accept-encoding");
    // The security headers on the way out allow these scripts by hash instead of a nonce.
    if (entry.scriptHashes) c.set("cspScriptHashes", entry.scriptHashes);
    let body = entry.body.bytes;
    if (entry.body.encoding === "gzip") {
      if (acceptsGzip) headers.set("content-encoding", "gzip");
      else body = new Uint8Array(gunzipSync(body));
    }
    headers.set("content-length", String(body.byteLength));
    return new Response(method === "HEAD" ? null : body, { status: entry.status, headers });
  }

  private refreshInBackground(key: string, original: Request): void {
    if (this.refreshing.has(key) || !this.render) return;
    this.refreshing.add(key);
    const render = this.render;
    // Ask for the plain page: the cache stores identity bytes and gzips them itself, so a
    // compressing middleware on the way out must not compress the refresh.
    const headers = new Headers(original.headers);
    headers.delete("accept-encoding");
    const request = new Request(original.url, { method: "GET", headers });
    this.refreshRequests.add(request);
    void (async () => {
      try {
        const response = await render(request);
        // The refresh went through the whole app: its nonce is the one in its own CSP header.
        await this.store(key, response, /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1]);
      } catch {
        // The stale copy keeps being served until it expires; the next miss renders again.
      } finally {
        this.refreshing.delete(key);
      }
    })();
  }
}

function replaceAll(bytes: Buffer, search: Buffer, replacement: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = bytes.indexOf(search); found !== -1; found = bytes.indexOf(search, start)) {
    parts.push(bytes.subarray(start, found), replacement);
    start = found + search.length;
  }
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

function entrySize(entry: Entry): number {
  return entry.body.bytes.byteLength + 512;
}

/** Reads `public, s-maxage=N, stale-while-revalidate=M` (max-age when s-maxage is absent). */
export function cacheLifetime(response: Response): { fresh: number; stale: number } | null {
  const header = response.headers.get("cache-control");
  if (!header) return null;
  const directives = new Map(
    header
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split("=") as [string, string | undefined]),
  );
  if (!directives.has("public") || directives.has("private") || directives.has("no-store")) return null;
  const fresh = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? 0);
  const stale = Number(directives.get("stale-while-revalidate") ?? 0);
  if (!Number.isFinite(fresh) || fresh <= 0) return null;
  return { fresh, stale: Number.isFinite(stale) ? stale : 0 };
}
