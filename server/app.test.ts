import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { insertCatalogBasics } from "../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";

let database: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
  app = createApp({ database, clock: systemClock, config: loadConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }) });
});

afterAll(() => database.dispose());

describe("HTTP surface", () => {
  it("answers health and readiness checks", async () => {
    expect(await (await app.request("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("reports not ready when the database is gone", async () => {
    const closed = await createTestDatabase();
    const broken = createApp({ database: closed, clock: systemClock, config: loadConfig({}), logger: pino({ level: "silent" }) });
    await closed.dispose();
    const response = await broken.request("/readyz");
    expect(response.status).toBe(503);
  });

  it("tags every response with a request id, reusing the caller's", async () => {
    expect((await app.request("/healthz")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.request("/healthz", { headers: { "x-request-id": "abc-123" } })).headers.get("x-request-id")).toBe("abc-123");
  });

  it("publishes an OpenAPI document listing the existing endpoints", async () => {
    const response = await app.request("/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/location");
  });

  it("lists the locations of the brand chosen by the Host header", async () => {
    const uk = await (await app.request("/v1/location", { headers: { host: "wowcher.co.uk" } })).json();
    expect(uk.map((l: { name: string }) => l.name)).toEqual(["London", "Manchester"]);
    expect(uk[0]).toEqual({
      id: 275850,
      name: "London",
      shortName: "london",
      brand: "wowcher",
      countryCode: "GB",
      latLon: { lat: 51.5072, lon: -0.1276 },
    });
    const ie = await (await app.request("/v1/location", { headers: { host: "wowcher.ie" } })).json();
    expect(ie.map((l: { name: string; brand: string }) => [l.name, l.brand])).toEqual([["Dublin", "wowcherie"]]);
  });

  it("answers unknown API paths with the standard error shape", async () => {
    const response = await app.request("/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Page not found" } });
  });

  it("serves generated deal images with a long cache and rejects bad ones", async () => {
    const image = await app.request("/img/deal/beauty/3.svg");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect(await image.text()).toContain("<svg");
    expect((await app.request("/img/deal/beauty/99.svg")).status).toBe(404);
    expect((await app.request("/img/deal/..%2Fetc/1.svg")).status).toBe(404);
    const seeded = await app.request("/img/deal/beauty/spa/42-2-320w.svg");
    expect(seeded.status).toBe(200);
    expect(seeded.headers.get("cache-control")).toContain("immutable");
    expect(await seeded.text()).toContain('width="320"');
    expect((await app.request("/img/deal/beauty/spa/42-2-333w.svg")).status).toBe(404);
    expect((await app.request("/img/deal/beauty/spa/42-9.svg")).status).toBe(404);
  });
});
