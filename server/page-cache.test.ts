import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compressResponses } from "./compress-responses";
import { getCookie } from "hono/cookie";
import { beforeEach, describe, expect, it } from "vitest";
import { BRANDS } from "../lib/brand";
import type { AppEnv } from "./context";
import { PageCache, cacheLifetime } from "./page-cache";

let now: number;
let renders: number;
let cache: PageCache;
let app: Hono<AppEnv>;

const PUBLIC = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

beforeEach(() => {
  now = 1_000_000;
  renders = 0;
  cache = new PageCache({ personalCookies: ["session"], varyCookies: ["location"], maxBytes: 1024 * 1024, now: () => now });
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("brand", BRANDS.wowcher);
    await next();
  });
  app.use("*", cache.middleware());
  app.get("/deals/:location", (c) => {
    renders += 1;
    const who = getCookie(c, "session") ? `Hello, customer ${getCookie(c, "session")}` : "Hello, guest";
    const body = `<h1>${c.req.param("location")} render ${renders}</h1><p>${who}</p><p>${getCookie(c, "location") ?? ""}</p>${"x".repeat(2000)}`;
    return c.html(body, 200, { "cache-control": PUBLIC, "x-cache-tags": "deal:1 deal:2" });
  });
  app.get("/sets-cookie", (c) => {
    renders += 1;
    c.header("set-cookie", "basket=abc");
    return c.html("cookie page", 200, { "cache-control": PUBLIC });
  });
  app.get("/private", (c) => {
    renders += 1;
    return c.html("private page", 200, { "cache-control": "private, no-store" });
  });
  cache.render = (request) => Promise.resolve(app.fetch(request));
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  return { response, text: await response.text() };
}

describe("page cache", () => {
  it("renders an anonymous page once and serves the stored copy after that", async () => {
    const first = await get("/deals/london");
    expect(first.response.headers.get("x-page-cache")).toBe("MISS");
    const second = await get("/deals/london");
    expect(second.response.headers.get("x-page-cache")).toBe("HIT");
    expect(second.text).toBe(first.text);
    expect(renders).toBe(1);
    expect(second.response.headers.get("x-cache-tags")).toBeNull();
    expect(second.response.headers.get("cache-control")).toBe(PUBLIC);
  });

  it("serves a stale copy while one background render refreshes it", async () => {
    await get("/deals/london");
    now += 61_000;
    const stale = await Promise.all([get("/deals/london"), get("/deals/london")]);
    expect(stale.map((s) => s.response.headers.get("x-page-cache"))).toEqual(["STALE", "STALE"]);
    expect(stale[0].text).toContain("render 1");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders).toBe(2);
    const refreshed = await get("/deals/london");
    expect(refreshed.response.headers.get("x-page-cache")).toBe("HIT");
    expect(refreshed.text).toContain("render 2");
  });

  it("stores a background refresh uncompressed when the app compresses its answers", async () => {
    // Like server/app.ts: compression outside the cache, so refreshes pass through it too.
    const served = new Hono<AppEnv>();
    served.use(async (c, next) => {
      c.set("brand", BRANDS.wowcher);
      await next();
    });
    served.use("*", compressResponses());
    served.use("*", cache.middleware());
    // A page that stays over 1 KB compressed, like a real one (smaller ones are kept unzipped).
    const filler = randomBytes(1500).toString("base64");
    served.get("/deals/:location", (c) => {
      renders += 1;
      return c.html(`<h1>render ${renders}</h1>${filler}`, 200, { "cache-control": PUBLIC });
    });
    cache.render = (request) => Promise.resolve(served.fetch(request));
    const gzip = { "accept-encoding": "gzip" };
    await served.request("/deals/london", { headers: gzip });
    now += 61_000;
    let refreshed = await served.request("/deals/london", { headers: gzip });
    for (let wait = 0; refreshed.headers.get("x-page-cache") !== "HIT" && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refreshed = await served.request("/deals/london", { headers: gzip });
    }
    expect(refreshed.headers.get("x-page-cache")).toBe("HIT");
    expect(refreshed.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await refreshed.arrayBuffer())).toString()).toContain("render 2");
  });

  it("renders again once the stale window is over", async () => {
    await get("/deals/london");
    now += 361_000;
    const again = await get("/deals/london");
    expect(again.response.headers.get("x-page-cache")).toBe("MISS");
    expect(again.text).toContain("render 2");
  });

  it("drops the pages showing a deal when that deal changes", async () => {
    await get("/deals/london");
    await get("/deals/leeds");
    cache.invalidate(["deal:2"]);
    expect(cache.size).toBe(0);
    expect((await get("/deals/london")).text).toContain("render 3");
    cache.invalidate(["deal:999"]);
    expect((await get("/deals/london")).response.headers.get("x-page-cache")).toBe("HIT");
  });

  it("never serves or stores a signed-in shopper's page, and marks it private", async () => {
    await get("/deals/london");
    const personal = await get("/deals/london", { cookie: "session=alice-token" });
    expect(personal.response.headers.get("x-page-cache")).toBeNull();
    expect(personal.text).toContain("Hello, customer alice-token");
    expect(personal.response.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await get("/deals/london");
    expect(anonymous.text).toContain("Hello, guest");
    expect(anonymous.text).not.toContain("alice");
  });

  it("does not keep a first render made for a signed-in shopper", async () => {
    await get("/deals/london", { cookie: "session=bob-token" });
    const anonymous = await get("/deals/london");
    expect(anonymous.response.headers.get("x-page-cache")).toBe("MISS");
    expect(anonymous.text).not.toContain("bob");
  });

  it("keeps responses that set cookies or say private out of the cache", async () => {
    await get("/sets-cookie");
    await get("/sets-cookie");
    await get("/private");
    await get("/private");
    expect(renders).toBe(4);
    expect(cache.size).toBe(0);
  });

  it("keeps one copy per chosen location and per brand", async () => {
    const london = await get("/deals/here", { cookie: "location=london" });
    const leeds = await get("/deals/here", { cookie: "location=leeds" });
    expect(leeds.text).not.toBe(london.text);
    expect((await get("/deals/here", { cookie: "location=london" })).text).toBe(london.text);
    expect(renders).toBe(2);
  });

  it("ignores the order of query parameters", async () => {
    await get("/deals/london?page=2&sort=price");
    expect((await get("/deals/london?sort=price&page=2")).response.headers.get("x-page-cache")).toBe("HIT");
  });

  it("sends gzip to browsers that accept it and no body for HEAD", async () => {
    const plain = await get("/deals/london");
    const zipped = await app.request("/deals/london", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain.text);
    const head = await app.request("/deals/london", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("evicts the least recently used pages beyond its memory budget", async () => {
    const small = new PageCache({ personalCookies: [], varyCookies: [], maxBytes: 6000, now: () => now });
    const tiny = new Hono<AppEnv>();
    tiny.use(async (c, next) => {
      c.set("brand", BRANDS.wowcher);
      await next();
    });
    tiny.use("*", small.middleware());
    tiny.get("/:page", (c) => c.html("y".repeat(500) + c.req.param("page"), 200, { "cache-control": PUBLIC }));
    for (let i = 0; i < 20; i++) await tiny.request(`/${i}`);
    expect(small.storedBytes).toBeLessThanOrEqual(6000);
    expect(small.size).toBeLessThan(20);
    expect((await tiny.request("/19")).headers.get("x-page-cache")).toBe("HIT");
    expect((await tiny.request("/0")).headers.get("x-page-cache")).toBe("MISS");
  });
});

describe("cacheLifetime", () => {
  it("reads shared-cache lifetimes from Cache-Control", () => {
    const lifetime = (value: string) => cacheLifetime(new Response("", { headers: { "cache-control": value } }));
    expect(lifetime(PUBLIC)).toEqual({ fresh: 60, stale: 300 });
    expect(lifetime("public, max-age=30")).toEqual({ fresh: 30, stale: 0 });
    expect(lifetime("private, max-age=30")).toBeNull();
    expect(lifetime("public, no-store")).toBeNull();
    expect(lifetime("max-age=30")).toBeNull();
  });
});
