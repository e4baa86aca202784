import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoAddresses } from "../../seed/addresses";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

const clock = new ManualClock("2026-03-02T10:00:00Z");
let ipCounter = 0;
type ErrorBody = { error: { code: string; message: string } };
type LookupBody = { postcode: string; addresses: { id: number; line1: string; line2: string; city: string; postcode: string }[] };

function shopper(app: ReturnType<typeof createTestBrowserApp>, host = "wowcher.co.uk") {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `203.0.113.${ipCounter}`, host });
}

describe("GET /v1/address/postcode/{postcode}", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestBrowserApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoAddresses(database.db);
    app = createTestBrowserApp(database, clock);
  });
  afterAll(() => database.dispose());

  it("lists the addresses at a UK postcode, typed any way", async () => {
    const { status, body, headers } = await shopper(app).api<LookupBody>("GET", "/v1/address/postcode/sw1a%202aa");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(body.postcode).toBe("SW1A 2AA");
    expect(body.addresses.map(({ line1, line2, city, postcode }) => ({ line1, line2, city, postcode }))).toEqual([
      { line1: "10 Downing Street", line2: "", city: "London", postcode: "SW1A 2AA" },
      { line1: "11 Downing Street", line2: "", city: "London", postcode: "SW1A 2AA" },
    ]);
    expect(body.addresses.every((address) => Number.isInteger(address.id))).toBe(true);
  });

  it("says a valid postcode that is not in the address data doesn't exist, in the spec's words", async () => {
    const { status, body } = await shopper(app).api<ErrorBody>("GET", "/v1/address/postcode/SW1A9ZZ");
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: "POSTCODE_NOT_FOUND", message: "The postcode you entered doesn't exist. Please enter your address manually below." });
  });

  it("refuses a malformed postcode, and an Eircode on a UK brand, as 'Invalid postcode'", async () => {
    for (const postcode of ["NOPE", "D02%20X285"]) {
      const { status, body } = await shopper(app).api<ErrorBody>("GET", `/v1/address/postcode/${postcode}`);
      expect(status).toBe(400);
      expect(body.error).toEqual({ code: "INVALID_POSTCODE", message: "Invalid postcode" });
    }
  });

  it("looks Eircodes up on the Irish brands", async () => {
    const { status, body } = await shopper(app, "wowcher.ie").api<LookupBody>("GET", "/v1/address/postcode/d02x285");
    expect(status).toBe(200);
    expect(body).toMatchObject({ postcode: "D02 X285", addresses: [{ city: "Dublin 2", postcode: "D02 X285" }] });
    expect((await shopper(app, "livingsocial.ie").api("GET", "/v1/address/postcode/SW1A%201AA")).status).toBe(400);
  });

  it("checks a postcode with the spec's address check states", async () => {
    const browser = shopper(app);
    expect((await browser.api("GET", "/v1/address/validate/postcode/M1%201AE")).body).toEqual({ postcode: "M1 1AE", valid: true, exists: true, status: "deliverable" });
    expect((await browser.api("GET", "/v1/address/validate/postcode/M1%209ZZ")).body).toEqual({ postcode: "M1 9ZZ", valid: true, exists: false, status: "risky" });
    expect((await browser.api("GET", "/v1/address/validate/postcode/123")).body).toEqual({ postcode: "123", valid: false, exists: false, status: "undeliverable" });
  });

  it("stops one client walking through postcodes", async () => {
    const browser = shopper(app);
    for (let i = 0; i < 60; i++) expect((await browser.api("GET", "/v1/address/postcode/SW1A1AA")).status).toBe(200);
    const { status, headers, body } = await browser.api<ErrorBody>("GET", "/v1/address/postcode/SW1A1AA");
    expect(status).toBe(429);
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.error.code).toBe("RATE_LIMITED");
    // Other shoppers are not affected.
    expect((await shopper(app).api("GET", "/v1/address/postcode/SW1A1AA")).status).toBe(200);
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await shopper(app).api<{ paths: Record<string, unknown> }>("GET", "/v1/openapi.json");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/address/postcode/{postcode}", "/address/validate/postcode/{postcode}"]));
  });
});

describe("a lookup without address data", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestBrowserApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = createTestBrowserApp(database, clock);
  });
  afterAll(() => database.dispose());

  it("answers 503 with the spec's 'enter your address manually' text", async () => {
    const { status, body } = await shopper(app).api<ErrorBody>("GET", "/v1/address/postcode/SW1A%201AA");
    expect(status).toBe(503);
    expect(body.error).toEqual({ code: "ADDRESS_LOOKUP_FAILED", message: "An error occurred looking up your postcode. Please enter your address manually." });
    expect((await shopper(app).api("GET", "/v1/address/validate/postcode/SW1A%201AA")).body).toMatchObject({ valid: true, exists: false, status: "unknown" });
  });
});
