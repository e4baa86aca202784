import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { deliverDueMail, type MailEnvelope, type MailTransport, OUTBOX_MAX_ATTEMPTS } from "./deliver";
import { findMailboxMessage, listMailbox } from "./mailbox";
import { enqueue } from "./outbox";
import { outboxMessages } from "./schema";
import { devMailboxTransport } from "./transports";
import { JobRunner } from "../jobs/runner";
import { mailDeliveryJob } from "./delivery-job";

let database: TestDatabase;
const clock = new ManualClock("2026-03-02T10:00:00Z");

/** A transport that records what it sends and can be told to fail. */
function recordingTransport(failWith: string | null = null) {
  const sent: MailEnvelope[] = [];
  const transport: MailTransport & { fail: string | null } = {
    name: "recording",
    fail: failWith,
    async send(mail) {
      if (transport.fail) throw new Error(transport.fail);
      sent.push(mail);
    },
  };
  return { transport, sent };
}

const options = { clock, defaultFrom: "Dealwise <no-reply@localhost>" };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

describe("outbox", () => {
  it("stores a message only if the caller's transaction commits", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { to: "rolled-back@example.com", subject: "No", text: "never sent" }, clock);
        throw new Error("order failed");
      })
      .catch(() => {});
    await database.db.transaction((tx) => enqueue(tx, { to: "kept@example.com", subject: "Yes", text: "sent", html: "<p>sent</p>" }, clock));
    const recipients = (await listMailbox(database.db)).map((message) => message.to);
    expect(recipients).toContain("kept@example.com");
    expect(recipients).not.toContain("rolled-back@example.com");
  });

  it("delivers due mail once, with the default sender when none is given", async () => {
    const { transport, sent } = recordingTransport();
    const report = await deliverDueMail(database.db, transport, options);
    expect(report.sent).toBeGreaterThan(0);
    expect(sent.find((mail) => mail.to === "kept@example.com")).toEqual({
      from: "Dealwise <no-reply@localhost>",
      to: "kept@example.com",
      subject: "Yes",
      text: "sent",
      html: "<p>sent</p>",
    });
    expect((await deliverDueMail(database.db, transport, options)).sent).toBe(0);
  });

  it("retries a failed message later with growing delays and parks it after the last attempt", async () => {
    const { id } = await enqueue(database.db, { to: "flaky@example.com", subject: "Retry", text: "…" }, clock);
    const { transport, sent } = recordingTransport("SMTP 451 try later");
    expect(await deliverDueMail(database.db, transport, options)).toMatchObject({ failed: 1 });
    let row = (await findMailboxMessage(database.db, id))!;
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 451 try later" });
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);

    // Not due yet: nothing happens.
    expect(await deliverDueMail(database.db, transport, options)).toEqual({ sent: 0, failed: 0, dead: 0 });
    clock.advance(30_000);
    await deliverDueMail(database.db, transport, options);
    row = (await findMailboxMessage(database.db, id))!;
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);

    transport.fail = null;
    clock.advance(60_000);
    await deliverDueMail(database.db, transport, options);
    expect(await findMailboxMessage(database.db, id)).toMatchObject({ status: "sent", attempts: 3, deliveredVia: "recording" });
    expect(sent.map((mail) => mail.to)).toEqual(["flaky@example.com"]);
  });

  it("keeps a message that keeps failing, marked dead, instead of losing it", async () => {
    const { id } = await enqueue(database.db, { to: "bounce@example.com", subject: "Dead", text: "…" }, clock);
    const { transport } = recordingTransport("550 no such user");
    for (let attempt = 0; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      await deliverDueMail(database.db, transport, options);
      clock.advance(3_600_000);
    }
    expect(await findMailboxMessage(database.db, id)).toMatchObject({ status: "dead", attempts: OUTBOX_MAX_ATTEMPTS, lastError: "550 no such user" });
  });

  it("never hands the same message to two workers at once", async () => {
    await database.db.delete(outboxMessages).where(eq(outboxMessages.status, "pending"));
    for (let i = 0; i < 30; i++) await enqueue(database.db, { to: `bulk${i}@example.com`, subject: "Bulk", text: "…" }, clock);
    const { transport, sent } = recordingTransport();
    await Promise.all(Array.from({ length: 4 }, () => deliverDueMail(database.db, transport, { ...options, batchSize: 10 })));
    await deliverDueMail(database.db, transport, options);
    const bulk = sent.filter((mail) => mail.subject === "Bulk").map((mail) => mail.to);
    expect(bulk).toHaveLength(30);
    expect(new Set(bulk).size).toBe(30);
  });

  it("is delivered to the development mailbox by the background job runner", async () => {
    const { id } = await enqueue(database.db, { to: "worker@example.com", subject: "Worker", text: "…" }, clock);
    const jobs = [mailDeliveryJob({ transport: devMailboxTransport, defaultFrom: "x@y" })];
    const runner = new JobRunner({ db: database.db, clock, log: pino({ level: "silent" }), jobs, pollMs: 20 });
    runner.start();
    const deadline = Date.now() + 5000;
    while ((await findMailboxMessage(database.db, id))?.status !== "sent" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(await findMailboxMessage(database.db, id)).toMatchObject({ status: "sent", deliveredVia: "dev-mailbox" });
  });
});
