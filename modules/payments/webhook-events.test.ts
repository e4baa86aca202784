import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { paymentWebhookEvents } from "./schema";
import { processWebhookEvents, storeWebhookEvent, WEBHOOK_MAX_ATTEMPTS, type WebhookHandler } from "./webhook-events";

let database: TestDatabase;
const clock = new ManualClock("2026-11-28T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const row = async (eventId: string) => (await database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0];

describe("processing stored webhooks", () => {
  it("handles each event once and records the outcome; events of unknown types are marked ignored", async () => {
    await storeWebhookEvent(database.db, "sandbox", { eventId: "evt_a", type: "refund.settled", payload: { amount: 500 } }, clock.now());
    await storeWebhookEvent(database.db, "sandbox", { eventId: "evt_b", type: "something.new", payload: {} }, clock.now());
    const seen: string[] = [];
    const handlers: Record<string, WebhookHandler> = {
      "sandbox:refund.settled": async (_tx, event) => {
        seen.push(event.eventId);
        return `applied: ${String(event.payload.amount)} settled`;
      },
    };
    expect(await processWebhookEvents(database.db, clock, handlers)).toBe(2);
    expect(await processWebhookEvents(database.db, clock, handlers)).toBe(0);
    expect(seen).toEqual(["evt_a"]);
    expect(await row("evt_a")).toMatchObject({
      outcome: "applied: 500 settled",
      attempts: 1,
      processedAt: clock.now(),
    });
    expect(await row("evt_b")).toMatchObject({
      outcome: "ignored: nothing to do for something.new",
      attempts: 1,
    });
  });

  it("a failing handler is tried again next run, then given up with its error for the operator", async () => {
    await storeWebhookEvent(database.db, "sandbox", { eventId: "evt_fail", type: "refund.failing", payload: {} }, clock.now());
    const handlers: Record<string, WebhookHandler> = {
      "sandbox:refund.failing": () => Promise.reject(new Error("ledger unavailable")),
    };
    await processWebhookEvents(database.db, clock, handlers);
    expect(await row("evt_fail")).toMatchObject({
      outcome: "failed: ledger unavailable",
      attempts: 1,
      processedAt: null,
    });
    for (let run = 1; run < WEBHOOK_MAX_ATTEMPTS; run += 1) await processWebhookEvents(database.db, clock, handlers);
    expect(await row("evt_fail")).toMatchObject({
      outcome: "gave up: ledger unavailable",
      attempts: WEBHOOK_MAX_ATTEMPTS,
      processedAt: clock.now(),
    });
  });
});
