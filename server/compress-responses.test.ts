import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressResponses } from "./compress-responses";

const page = `<!DOCTYPE html><p>${"Deals up to 80% off. ".repeat(200)}</p>`;
const app = new Hono();
app.use("*", compressResponses());
app.get("/page", (c) => c.html(page));
app.get("/small", (c) => c.json({ ok: true }));
app.get("/encoded", (c) => c.body("already", 200, { "content-type": "text/html", "content-encoding": "gzip" }));
app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/png" }));

const get = (path: string, acceptEncoding?: string) => app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressResponses", () => {
  it("sends brotli to browsers that take it and gzip to those that only take gzip, the same page either way", async () => {
    const br = await get("/page", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(page);

    const gzip = await get("/page", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
    expect(gzip.headers.get("vary")).toMatch(/accept-encoding/i);
  });

  it("leaves alone clients without compression, small answers, encoded answers and images", async () => {
    const plain = await get("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
    const small = await get("/small", "br");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const encoded = await get("/encoded", "br");
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(await encoded.text()).toBe("already");
    const image = await get("/image", "br");
    expect(image.headers.get("content-encoding")).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(4096);
  });
});
