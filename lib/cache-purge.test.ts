import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noCachePurger, varnishXkeyPurger } from "./cache-purge";

let server: Server;
let origin = "";
let status = 200;
const received: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ method: request.method, url: request.url, headers: request.headers });
    response.statusCode = status;
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("Varnish xkey purger", () => {
  it("sends one PURGE to the configured URL with the tags in xkey-purge", async () => {
    received.length = 0;
    await varnishXkeyPurger(`${origin}/purge`).purge(["deal:1", "deal:2", "deal:1"]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "PURGE", url: "/purge" });
    expect(received[0].headers["xkey-purge"]).toBe("deal:1 deal:2");
  });

  it("sends nothing without tags", async () => {
    received.length = 0;
    await varnishXkeyPurger(`${origin}/`).purge([]);
    expect(received).toHaveLength(0);
  });

  it("fails when the cache refuses, naming the answer", async () => {
    status = 405;
    await expect(varnishXkeyPurger(`${origin}/`).purge(["deal:3"])).rejects.toThrow(/answered 405/);
    status = 200;
  });
});

describe("no purger", () => {
  it("does nothing", async () => {
    received.length = 0;
    await noCachePurger.purge(["deal:1"]);
    expect(received).toHaveLength(0);
  });
});
