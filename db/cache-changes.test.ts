import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceDealChanges } from "../modules/catalog/deal-changes";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { CACHE_CHANGED_CHANNEL, announceCacheChanges, parseCacheChanges } from "./cache-changes";

let database: TestDatabase;
const received: string[][] = [];

async function waitFor(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.listen(CACHE_CHANGED_CHANNEL, (payload) => received.push(parseCacheChanges(payload)));
});

afterAll(() => database.dispose());

describe("cache change announcements", () => {
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
    expect(received).toEqual([["deal:30000001", "deal:30000002"]]);
  });

  it("splits long lists into several notifications below PostgreSQL's payload limit", async () => {
    received.length = 0;
    const ids = Array.from({ length: 1200 }, (_, i) => 30000001 + i);
    await announceDealChanges(database.db, ids);
    await waitFor(() => received.flat().length === 1200);
    expect(received.flat()).toEqual(ids.map((id) => `deal:${id}`));
    expect(received.length).toBe(3);
  });

  it("carries any page's tag, refuses to send a malformed one, and ignores garbage received", async () => {
    received.length = 0;
    await announceCacheChanges(database.db, ["content:page/aboutus"]);
    await waitFor(() => received.length > 0);
    expect(received).toEqual([["content:page/aboutus"]]);
    await expect(announceCacheChanges(database.db, ["deal:1 deal:2"])).rejects.toThrow("invalid cache tag");
    expect(parseCacheChanges("deal:12 nonsense  content:page/faqs DEAL:4")).toEqual(["deal:12", "content:page/faqs"]);
  });
});
