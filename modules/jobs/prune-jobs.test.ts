import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { pruneFinishedJobs } from "./prune-jobs";
import { type JobStatus, jobs } from "./schema";

let database: TestDatabase;
const clock = new ManualClock("2026-03-30T10:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

describe("pruning finished jobs", () => {
  it("deletes jobs done more than 14 days ago and keeps recent, dead and unfinished ones", async () => {
    const job = (name: string, status: JobStatus, finishedDaysAgo: number | null) => {
      const at = new Date(clock.now().getTime() - 20 * DAY);
      const finishedAt = finishedDaysAgo === null ? null : new Date(clock.now().getTime() - finishedDaysAgo * DAY);
      return { name, status, runAt: at, createdAt: at, updatedAt: at, finishedAt };
    };
    await database.db
      .insert(jobs)
      .values([
        job("old-done", "done", 15),
        job("recent-done", "done", 13),
        job("old-dead", "dead", 19),
        job("old-pending", "pending", null),
        job("old-running", "running", null),
      ]);
    expect(await pruneFinishedJobs(database.db, clock)).toBe(1);
    const left = (await database.db.select({ name: jobs.name }).from(jobs)).map((row) => row.name).sort();
    expect(left).toEqual(["old-dead", "old-pending", "old-running", "recent-done"]);
  });
});
