import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { paymentWebhookEvents } from "../../modules/payments/schema";
import { signSandboxWebhook } from "../../modules/payments/sandbox/webhook-signature";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createApp } from "../app";

const SECRET = "a-webhook-secret-for-tests";
const clock = new ManualClock("2026-11-28T12:00:00Z");
let database: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({
    database,
    clock,
    config: loadConfig({ NODE_ENV: "test", SANDBOX_WEBHOOK_SECRET: SECRET }),
    logger: pino({ level: "silent" }),
  });
});
afterAll(() => database.dispose());

const eventBody = (id: string) =>
  JSON.stringify({
    id,
    type: "challenge.completed",
    data: { reference: "auth_x", result: "approved" },
  });

const deliver = (body: string, signature: string | null, provider = "sandbox") =>
  app.request(`/v1/payments/webhook/${provider}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature === null ? {} : { "sandbox-signature": signature }),
    },
    body,
  });

const stored = (eventId: string) => database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));

describe("POST /v1/payments/webhook/{provider}", () => {
  it("stores a verified event once, without a session or CSRF token; a redelivery is a no-op", async () => {
    const body = eventBody("evt_once");
    const first = await deliver(body, signSandboxWebhook(SECRET, body, clock.now()));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(body, signSandboxWebhook(SECRET, body, clock.now()));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const rows = await stored("evt_once");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "sandbox",
      type: "challenge.completed",
      payload: { reference: "auth_x", result: "approved" },
      processedAt: null,
    });
  });

  it("refuses a wrong, missing or forged signature with 401 and stores nothing", async () => {
    const body = eventBody("evt_forged");
    const wrongKey = await deliver(body, signSandboxWebhook("another-secret-entirely", body, clock.now()));
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({
      error: {
        code: "WEBHOOK_UNVERIFIED",
        message: "The webhook signature does not match.",
      },
    });
    // Signed, then changed on the way.
    const tampered = await deliver(body.replace("approved", "declined"), signSandboxWebhook(SECRET, body, clock.now()));
    expect(tampered.status).toBe(401);
    const missing = await deliver(body, null);
    expect(await missing.json()).toMatchObject({
      error: { message: "The webhook signature is missing or malformed." },
    });
    expect(await stored("evt_forged")).toEqual([]);
  });

  it("refuses a stale timestamp (a replay) even with a good signature", async () => {
    const body = eventBody("evt_stale");
    const old = await deliver(body, signSandboxWebhook(SECRET, body, new Date(clock.now().getTime() - 6 * 60_000)));
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({
      error: { message: "The webhook timestamp is too old or too new." },
    });
    expect(await stored("evt_stale")).toEqual([]);
  });

  it("answers 404 for a provider the shop does not use, and refuses a signed body that is no event", async () => {
    const body = eventBody("evt_other");
    expect((await deliver(body, signSandboxWebhook(SECRET, body, clock.now()), "stripe")).status).toBe(404);
    const notEvent = JSON.stringify({ hello: "world" });
    expect((await deliver(notEvent, signSandboxWebhook(SECRET, notEvent, clock.now()))).status).toBe(401);
  });

  it("is in the OpenAPI document", async () => {
    const document = await (await app.request("/v1/openapi.json")).json();
    expect(document.paths["/payments/webhook/{provider}"].post.summary).toContain("SANDBOX_WEBHOOK_SECRET");
  });
});
