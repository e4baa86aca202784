import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import type { Db } from "./client";
import { queryRows } from "./query-rows";
import { runQueries } from "./run-queries";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const value = (db: Db, n: number) => async () => (await queryRows<{ n: number }>(db, sql`select ${n}::int as n`))[0].n;

describe("runQueries", () => {
  it("answers each query in order on the pool", async () => {
    expect(await runQueries(database.db, [value(database.db, 1), value(database.db, 2)] as const)).toEqual([1, 2]);
  });

  it("answers each query in order inside a transaction, one query at a time", async () => {
    const started: number[] = [];
    const results = await database.db.transaction((tx) =>
      runQueries(tx, [1, 2, 3].map((n) => async () => {
        started.push(n);
        const result = await value(tx, n)();
        started.push(-n);
        return result;
      })),
    );
    expect(results).toEqual([1, 2, 3]);
    // Each query finished before the next one was sent.
    expect(started).toEqual([1, -1, 2, -2, 3, -3]);
  });
});
