import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface Fetched {
  status: number;
  /** Bytes on the wire (compressed when the server compressed). */
  wireBytes: number;
  text: string;
}

/** GET with `accept-encoding: br, gzip`, counting the bytes as they travel. */
export function fetchCompressed(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, wireBytes: raw.byteLength, text: body.toString("utf8") });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export interface PageWeight {
  htmlBytes: number;
  jsBytes: number;
  cssBytes: number;
  fontRequests: number;
  imageRequests: number;
  requests: number;
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * What a first visit to a page downloads before it is interactive: the HTML, every script the
 * page loads or preloads, its style sheets, the font files they reference and eager images.
 */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const page = await fetchCompressed(`${baseUrl}${path}`);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = page.text;
  const scripts = unique([
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]),
  ]);
  const styles = unique([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]));
  const images = unique([...html.matchAll(/<img(?![^>]*loading="lazy")[^>]+src="([^"]+)"/g)].map((m) => m[1]));

  let jsBytes = 0;
  for (const src of scripts) jsBytes += (await fetchCompressed(new URL(src, baseUrl).toString())).wireBytes;
  let cssBytes = 0;
  const fonts = new Set<string>();
  for (const href of styles) {
    const css = await fetchCompressed(new URL(href, baseUrl).toString());
    cssBytes += css.wireBytes;
    for (const match of css.text.matchAll(/url\(([^)]+\.woff2)\)/g)) fonts.add(match[1]);
  }
  return {
    htmlBytes: page.wireBytes,
    jsBytes,
    cssBytes,
    fontRequests: fonts.size,
    imageRequests: images.length,
    requests: 1 + scripts.length + styles.length + fonts.size + images.length,
  };
}
