import { type Server, createServer } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * The machine's limit for serving a page of this size: a bare node:http server answering every
 * request with the same pre-rendered, pre-compressed bytes.
 */
export async function startBareServer(html: string, port: number): Promise<Server> {
  const plain = Buffer.from(html);
  const gzipped = gzipSync(plain);
  const server = createServer((request, response) => {
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipped : plain;
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": body.byteLength,
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
