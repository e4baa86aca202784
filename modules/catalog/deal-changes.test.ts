import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { DEAL_CHANGED_CHANNEL, announceDealChanges, parseDealChanges } from "./deal-changes";

let database: TestDatabase;
const received: number[][] = [];

async function waitFor(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.listen(DEAL_CHANGED_CHANNEL, (payload) => received.push(parseDealChanges(payload)));
});

afterAll(() => database.dispose());

describe("deal change announcements", () => {
  it("reach listeners when the changing transaction commits, and never when it rolls back", async () => {
    await database.db
      .transaction(async (tx) => {
        await announceDealChanges(tx, [111]);
        throw new Error("payment declined");
      })
      .catch(() => {});
    await database.db.transaction((tx) => announceDealChanges(tx, [30000001, 30000002]));
    await waitFor(() => received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([[30000001, 30000002]]);
  });

  it("splits long lists into several notifications below PostgreSQL's payload limit", async () => {
    received.length = 0;
    const ids = Array.from({ length: 1200 }, (_, i) => 30000001 + i);
    await announceDealChanges(database.db, ids);
    await waitFor(() => received.flat().length === 1200);
    expect(received.flat()).toEqual(ids);
    expect(received.length).toBe(3);
  });

  it("ignores garbage in a payload", () => {
    expect(parseDealChanges("12,abc,,-3,7.5,40")).toEqual([12, 40]);
  });
});
