import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { defineJob, type JobHandler, type JobOptions } from "./definition";
import { enqueueJob } from "./enqueue";
import { retryJob } from "./operator";
import { JobRunner } from "./runner";
import { jobs } from "./schema";

let database: TestDatabase;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const log = pino({ level: "silent" });

function runner(name: string, handler: JobHandler, options: JobOptions = {}, instanceId = "test") {
  return new JobRunner({ db: database.db, clock, log, jobs: [defineJob(name, handler, options)], instanceId });
}

async function job(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.delete(jobs);
});

describe("job runner", () => {
  it("runs a queued job once, with its payload, and marks it done", async () => {
    const seen: unknown[] = [];
    const { id } = (await enqueueJob(database.db, "greet", { who: "Ada" }, { clock }))!;
    const jobsRunner = runner("greet", async ({ payload }) => {
      seen.push(payload);
    });
    expect(await jobsRunner.runOnce()).toBe(true);
    expect(await jobsRunner.runOnce()).toBe(false);
    expect(seen).toEqual([{ who: "Ada" }]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, lockedBy: "test", finishedAt: clock.now() });
  });

  it("queues a job only if the caller's transaction commits, and once per unique key", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, "greet", {}, { clock, uniqueKey: "greet:rolled-back" });
        throw new Error("cause failed");
      })
      .catch(() => {});
    expect(await enqueueJob(database.db, "greet", {}, { clock, uniqueKey: "greet:1" })).not.toBeNull();
    expect(await enqueueJob(database.db, "greet", {}, { clock, uniqueKey: "greet:1" })).toBeNull();
    expect((await database.db.select().from(jobs)).map((row) => row.uniqueKey)).toEqual(["greet:1"]);
  });

  it("leaves a job alone until its run-at time", async () => {
    const ran: number[] = [];
    await enqueueJob(database.db, "later", {}, { clock, runAt: new Date(clock.now().getTime() + 60_000) });
    const jobsRunner = runner("later", async ({ job: { id } }) => {
      ran.push(id);
    });
    expect(await jobsRunner.runOnce()).toBe(false);
    clock.advance(60_000);
    expect(await jobsRunner.runOnce()).toBe(true);
    expect(ran).toHaveLength(1);
  });

  it("retries a failing job with growing, jittered delays, ends it dead with the last error, and an operator's retry revives it", async () => {
    let failing = true;
    const { id } = (await enqueueJob(database.db, "flaky", {}, { clock }))!;
    const jobsRunner = runner(
      "flaky",
      async ({ job: { attempt } }) => {
        if (failing) throw new Error(`gateway timeout on attempt ${attempt}`);
      },
      { maxAttempts: 3, backoff: { baseMs: 10_000, maxMs: 60_000 } },
    );

    await jobsRunner.runOnce();
    let row = await job(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "gateway timeout on attempt 1" });
    let delay = row.runAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(5_000);
    expect(delay).toBeLessThanOrEqual(10_000);
    expect(await jobsRunner.runOnce()).toBe(false);

    clock.advance(delay);
    await jobsRunner.runOnce();
    row = await job(id);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    delay = row.runAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(10_000);
    expect(delay).toBeLessThanOrEqual(20_000);

    clock.advance(delay);
    await jobsRunner.runOnce();
    expect(await job(id)).toMatchObject({ status: "dead", attempts: 3, maxAttempts: 3, lastError: "gateway timeout on attempt 3", finishedAt: clock.now() });
    clock.advance(3_600_000);
    expect(await jobsRunner.runOnce()).toBe(false);

    expect(await retryJob(database.db, id, clock)).toMatchObject({ outcome: "retried" });
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 0, runAt: clock.now(), finishedAt: null });
    failing = false;
    expect(await jobsRunner.runOnce()).toBe(true);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(await retryJob(database.db, id, clock)).toMatchObject({ outcome: "not-dead" });
    expect(await retryJob(database.db, 999_999, clock)).toEqual({ outcome: "not-found" });
  });

  it("claims again a job whose instance died mid-run once its lease runs out, and ignores the dead instance's late answer", async () => {
    const { id } = (await enqueueJob(database.db, "report", {}, { clock }))!;
    let releaseFirst!: () => void;
    const runs: string[] = [];
    const options = { leaseMs: 60_000 };
    const stuck = runner(
      "report",
      async () => {
        runs.push("first");
        await new Promise<void>((resolve) => (releaseFirst = resolve));
        throw new Error("too late to matter");
      },
      options,
      "instance-a",
    );
    const firstRun = stuck.runOnce();
    while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await job(id)).toMatchObject({ status: "running", lockedBy: "instance-a", attempts: 1 });

    const rescuer = runner(
      "report",
      async () => {
        runs.push("second");
      },
      options,
      "instance-b",
    );
    expect(await rescuer.runOnce()).toBe(false);
    clock.advance(60_001);
    expect(await rescuer.runOnce()).toBe(true);
    expect(await job(id)).toMatchObject({ status: "done", lockedBy: "instance-b", attempts: 2 });

    releaseFirst();
    await firstRun;
    expect(runs).toEqual(["first", "second"]);
    expect(await job(id)).toMatchObject({ status: "done", lockedBy: "instance-b", attempts: 2, lastError: null });
  });

  it("parks a job as dead when its last attempt's instance died", async () => {
    const { id } = (await enqueueJob(database.db, "crashy", {}, { clock }))!;
    await database.db
      .update(jobs)
      .set({ status: "running", attempts: 2, lockedBy: "gone", leaseUntil: new Date(clock.now().getTime() - 1) })
      .where(eq(jobs.id, id));
    const ran: number[] = [];
    const jobsRunner = runner("crashy", async ({ job: { attempt } }) => void ran.push(attempt), { maxAttempts: 2 });
    expect(await jobsRunner.runOnce()).toBe(true);
    expect(ran).toEqual([]);
    expect(await job(id)).toMatchObject({ status: "dead", lastError: "lease expired: the instance running it stopped" });
  });

  it("keeps one pending row per schedule, reusing it for the next run", async () => {
    let runs = 0;
    const jobsRunner = runner(
      "tick",
      async () => {
        runs += 1;
      },
      { schedule: { everyMs: 60_000 } },
    );
    await jobsRunner.ensureSchedules();
    await jobsRunner.ensureSchedules();
    const scheduled = async () => database.db.select().from(jobs).where(eq(jobs.name, "tick"));
    expect(await scheduled()).toMatchObject([{ status: "pending", uniqueKey: "schedule:tick", runAt: clock.now() }]);

    expect(await jobsRunner.runOnce()).toBe(true);
    const [row] = await scheduled();
    expect(await scheduled()).toHaveLength(1);
    expect(row).toMatchObject({ status: "pending", attempts: 0, runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await jobsRunner.runOnce()).toBe(false);

    clock.advance(60_000);
    expect(await jobsRunner.runOnce()).toBe(true);
    expect(runs).toBe(2);
    expect(await scheduled()).toMatchObject([{ id: row.id, status: "pending" }]);
  });

  it("runs a daily schedule at its time and keeps the schedule going after a run that died", async () => {
    const jobsRunner = runner(
      "nightly",
      async () => {
        throw new Error("disk full");
      },
      { schedule: { dailyAtUtc: "03:30" }, maxAttempts: 1 },
    );
    await jobsRunner.ensureSchedules();
    const [first] = await database.db.select().from(jobs);
    expect(first.runAt).toEqual(new Date("2026-03-03T03:30:00Z"));
    clock.advance(first.runAt.getTime() - clock.now().getTime());
    expect(await jobsRunner.runOnce()).toBe(true);

    const rows = await database.db.select().from(jobs).orderBy(jobs.id);
    expect(rows).toMatchObject([
      { id: first.id, status: "dead", lastError: "disk full" },
      { status: "pending", uniqueKey: "schedule:nightly", runAt: new Date("2026-03-04T03:30:00Z") },
    ]);
    expect(await retryJob(database.db, first.id, clock)).toMatchObject({ outcome: "already-queued", queued: { id: rows[1].id } });
  });

  it("waits for the running job when stopped", async () => {
    await enqueueJob(database.db, "slow", {}, { clock });
    let finished = false;
    const jobsRunner = new JobRunner({
      db: database.db,
      clock,
      log,
      pollMs: 10,
      jobs: [
        defineJob("slow", async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          finished = true;
        }),
      ],
    });
    jobsRunner.start();
    while ((await database.db.select().from(jobs).where(eq(jobs.status, "running"))).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await jobsRunner.stop();
    expect(finished).toBe(true);
    expect(await database.db.select({ status: jobs.status }).from(jobs)).toEqual([{ status: "done" }]);
  });

  it.skipIf(!process.env.DATABASE_URL)("never runs a job twice when runners on separate connections work the queue together", async () => {
    const other = await openDatabase({ url: database.url!, poolSize: 4 });
    try {
      for (let i = 0; i < 60; i++) await enqueueJob(database.db, "parallel", { n: i }, { clock });
      const runsById = new Map<number, string[]>();
      const handler = (instance: string): JobHandler => async ({ job: { id } }) => {
        runsById.set(id, [...(runsById.get(id) ?? []), instance]);
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
      const runners = [
        new JobRunner({ db: database.db, clock, log, jobs: [defineJob("parallel", handler("a"))], instanceId: "a" }),
        new JobRunner({ db: database.db, clock, log, jobs: [defineJob("parallel", handler("b"))], instanceId: "b" }),
        new JobRunner({ db: other.db, clock, log, jobs: [defineJob("parallel", handler("c"))], instanceId: "c" }),
        new JobRunner({ db: other.db, clock, log, jobs: [defineJob("parallel", handler("d"))], instanceId: "d" }),
      ];
      await Promise.all(
        runners.map(async (jobsRunner) => {
          while (await jobsRunner.runOnce());
        }),
      );
      expect(runsById.size).toBe(60);
      expect([...runsById.values()].filter((instances) => instances.length !== 1)).toEqual([]);
      expect(new Set([...runsById.values()].flat()).size).toBeGreaterThan(1);
      expect(await database.db.select().from(jobs).where(eq(jobs.status, "done"))).toHaveLength(60);
    } finally {
      await other.close();
    }
  });
});
