import pino from "pino";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { createTestDatabase, TEST_POOL_SIZE, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";
import { createReadiness } from "./readiness";

/** A database whose pings answer when the test says. */
function manualDatabase() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    pings: pending,
    ping: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

describe("readiness", () => {
  it("answers from the heartbeat while the database is busy, starting one ping at a time", async () => {
    let clock = 0;
    const database = manualDatabase();
    const readiness = createReadiness(database, { waitMs: 20, freshMs: 30_000, now: () => clock });
    const first = readiness.check();
    database.pings[0].resolve();
    expect(await first).toEqual({ ready: true, busy: false });

    // Busy: the ping queues behind other work; the last answer is recent.
    clock = 10_000;
    expect(await readiness.check()).toEqual({ ready: true, busy: true });
    expect(await readiness.check()).toEqual({ ready: true, busy: true });
    expect(database.pings).toHaveLength(2);

    // Silent for longer than the heartbeat lasts: not ready.
    clock = 40_001;
    expect(await readiness.check()).toMatchObject({ ready: false, reason: "silent" });
    // The queued ping gets through: the heartbeat is fresh again.
    database.pings[1].resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readiness.check()).toEqual({ ready: true, busy: true });
  });

  it("reports a failing database at once, even with a fresh heartbeat", async () => {
    let clock = 0;
    const database = manualDatabase();
    const readiness = createReadiness(database, { waitMs: 20, freshMs: 30_000, now: () => clock });
    const first = readiness.check();
    database.pings[0].resolve();
    await first;
    clock = 1000;
    const failing = readiness.check();
    database.pings[1].reject(new Error("closed"));
    expect(await failing).toMatchObject({ ready: false, reason: "failed" });
    // A ping stuck after a failure does not make it ready again.
    expect(await readiness.check()).toMatchObject({ ready: false, reason: "failed" });
  });
});

describe("/readyz on a real database", () => {
  const appOn = (database: TestDatabase) =>
    createApp({ database, clock: systemClock, config: loadConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }) });

  it("answers within a second while long transactions hold every connection", async () => {
    const database = await createTestDatabase();
    try {
      const app = appOn(database);
      expect((await app.request("/readyz")).status).toBe(200);

      // PGlite has one connection; a PostgreSQL test pool has TEST_POOL_SIZE: hold them all for 3 s.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const holders = database.kind === "pglite" ? 1 : TEST_POOL_SIZE;
      let started = 0;
      const holding = Array.from({ length: holders }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          started += 1;
          await released;
        }),
      );
      await expect.poll(() => started).toBe(holders);
      const timeout = setTimeout(release, 3000);

      const began = performance.now();
      const response = await app.request("/readyz");
      const elapsed = performance.now() - began;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ready", busy: true });
      expect(elapsed).toBeLessThan(1000);

      clearTimeout(timeout);
      release();
      await Promise.all(holding);
    } finally {
      await database.dispose();
    }
  });

  it("answers 503 once the database is closed, though it answered a moment before", async () => {
    const database = await createTestDatabase();
    const app = appOn(database);
    expect((await app.request("/readyz")).status).toBe(200);
    await database.dispose();
    const response = await app.request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable" });
  });
});
