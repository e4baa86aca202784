import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";

let database: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, clock: systemClock, config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on" }), logger: pino({ level: "silent" }) });
});
afterAll(() => database.dispose());

const post = (path: string, body: unknown, ip?: string) =>
  app.request(`/sandbox-gateway/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(ip ? { "x-forwarded-for": ip } : {}) },
    body: JSON.stringify(body),
  });

it("turns a test card into a one-time nonce without echoing the number", async () => {
  const response = await post("tokenize", { number: "4111 1111 1111 1111", expiry: "12/30", securityCode: "123", postalCode: "SW1A 1AA" });
  expect(response.status).toBe(201);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = await response.json();
  expect(body).toMatchObject({ cardType: "Visa", last4: "1111" });
  expect(body.nonce).toMatch(/^sandbox_/);
  expect(JSON.stringify(body)).not.toContain("4111111111111111");
});

it("answers the card form's messages for a bad card", async () => {
  const amex = await post("tokenize", { number: "3782 822463 10005", expiry: "12/30", securityCode: "123", postalCode: "SW1A 1AA" });
  expect(amex.status).toBe(400);
  expect(await amex.json()).toMatchObject({ error: { message: "Sorry, we currently only accept Visa and MasterCard" } });
  const empty = await post("tokenize", { number: "4111111111111111", expiry: "1/2", securityCode: "", postalCode: "" });
  expect((await empty.json()).errors).toEqual({
    expiry: "This expiry date is not valid",
    securityCode: "Security code is required",
    postalCode: "Postal code is required",
  });
  expect((await post("tokenize", "garbage")).status).toBe(400);
});

it("issues nonces for sandbox wallets", async () => {
  const response = await post("wallet-nonce", { method: "paypal", scenario: "approve" });
  expect(response.status).toBe(201);
  expect((await response.json()).nonce).toMatch(/^sandbox_/);
  expect((await post("wallet-nonce", { method: "bitcoin", scenario: "approve" })).status).toBe(400);
});

it("refuses card testing: twenty cards an hour from one address, declining ones included", async () => {
  const card = (number: string) => ({ number, expiry: "12/30", securityCode: "123", postalCode: "SW1A 1AA" });
  // The sandbox's declining card tokenises (the decline comes at payment), as a stolen card would.
  for (let i = 0; i < 20; i++) expect((await post("tokenize", card("4000 0000 0000 0002"), "203.0.113.60")).status).toBe(201);
  const refused = await post("tokenize", card("4111 1111 1111 1111"), "203.0.113.60");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    error: { code: "RATE_LIMITED", message: "Too many cards tried. For your security, please wait a while before trying another card." },
  });
  // Another shopper's address is not held up.
  expect((await post("tokenize", card("4111 1111 1111 1111"), "203.0.113.61")).status).toBe(201);
});
