import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe("POST /v1/dev/clock (development tools)", () => {
  it("moves only this browser's clock forward, by whole days", async () => {
    const app = createTestBrowserApp(database, clock);
    const traveller = new TestBrowser(app, { ip: "198.51.100.1" });
    const stayer = new TestBrowser(app, { ip: "198.51.100.2" });
    const customer = await insertCustomer(database.db);
    await signInAs(traveller, database.db, customer, clock);
    await signInAs(stayer, database.db, customer, clock);

    expect((await traveller.api("POST", "/v1/dev/clock", { advanceDays: 20 })).body).toEqual({ now: "2026-12-11T12:00:00.000Z", daysAhead: 20 });
    // Twenty days on, the traveller's day-long session has ended (and its CSRF token with it).
    traveller.refreshCsrf();
    expect((await traveller.api("POST", "/v1/dev/clock", { advanceDays: 1 })).body).toEqual({ now: "2026-12-12T12:00:00.000Z", daysAhead: 21 });
    // The other browser's session lives on in today's time.
    expect((await traveller.api("GET", "/v1/user/session")).body).toMatchObject({ isAuthenticated: false });
    expect((await stayer.api("GET", "/v1/user/session")).body).toMatchObject({ isAuthenticated: true });
  });

  it("does not exist without the development tools", async () => {
    const production = new TestBrowser(createTestBrowserApp(database, clock, { env: { DEV_TOOLS: "off" } }));
    expect((await production.api("POST", "/v1/dev/clock", { advanceDays: 1 })).status).toBe(404);
  });
});
