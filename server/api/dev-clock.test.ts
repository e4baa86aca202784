import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShiftableClock } from "../../lib/clock";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe("POST /v1/dev/clock (development tools)", () => {
  it("moves the server's clock forward by whole days", async () => {
    const clock = new ShiftableClock();
    const browser = new TestBrowser(createTestBrowserApp(database, clock));
    const before = Date.now();
    const answer = await browser.api<{ now: string }>("POST", "/v1/dev/clock", { advanceDays: 20 });
    expect(answer.status).toBe(200);
    expect(new Date(answer.body.now).getTime()).toBeGreaterThanOrEqual(before + 20 * 86_400_000);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before + 20 * 86_400_000);
  });

  it("leaves a fixed clock alone, and does not exist without the development tools", async () => {
    const fixed = new TestBrowser(createTestBrowserApp(database, new ManualClock("2026-11-21T12:00:00Z")));
    expect((await fixed.api("POST", "/v1/dev/clock", { advanceDays: 1 })).status).toBe(409);
    const production = new TestBrowser(createTestBrowserApp(database, new ShiftableClock(), { env: { DEV_TOOLS: "off" } }));
    expect((await production.api("POST", "/v1/dev/clock", { advanceDays: 1 })).status).toBe(404);
  });
});
