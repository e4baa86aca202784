import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSubscribed } from "../../modules/accounts/newsletter";
import { listMailbox } from "../../modules/mail/mailbox";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-03-02T10:00:00Z");
let ipCounter = 0;

function newBrowser(host = "wowcher.co.uk") {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `192.0.2.${ipCounter}`, host });
}

/** A registered, signed-in customer's browser. */
async function customer(email: string, host = "wowcher.co.uk") {
  const browser = newBrowser(host);
  const { status } = await browser.api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email, password: "correct horse" });
  expect(status).toBe(201);
  return browser;
}

const profile = (overrides: Record<string, unknown> = {}) => ({ firstName: "Ann", lastName: "Jones", email: "ann@example.com", ...overrides });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});

afterAll(() => database.dispose());

describe("profile", () => {
  it("is only for signed-in customers", async () => {
    const guest = newBrowser();
    expect((await guest.api("GET", "/v1/user")).body).toEqual({ error: { code: "NOT_SIGNED_IN", message: "Please log in to continue." } });
    expect((await guest.api("PUT", "/v1/user", profile())).status).toBe(401);
  });

  it("saves names, email, address and newsletter choice", async () => {
    const browser = await customer("ann@example.com");
    const saved = await browser.api("PUT", "/v1/user", {
      ...profile({ addressLine1: "1 High Street", city: "London", postcode: "sw1a1aa", subscribed: true }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: "Saved successfully! Your details were updated",
      profile: { lastName: "Jones", address: { addressLine1: "1 High Street", city: "London", postcode: "SW1A 1AA" }, subscribed: true },
    });
    expect((await browser.api("GET", "/v1/user")).body).toMatchObject({ lastName: "Jones", subscribed: true, hasPassword: true });
    const welcome = (await listMailbox(database.db)).find((m) => m.to === "ann@example.com" && m.subject.includes("subscribed"));
    expect(welcome?.text).toMatch(/\/unsubscribe\?token=/);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ firstName: "" }, "firstName", "Required field"],
    [{ email: "ann@" }, "email", "Please enter a valid email"],
    [{ addressLine1: "1 High Street", city: "London", postcode: "NOT A CODE" }, "postcode", "Enter a valid postcode"],
    [{ addressLine1: "1 High Street", postcode: "SW1A 1AA" }, "city", "Required field"],
  ])("refuses %o with the spec's message", async (change, field, message) => {
    const email = `checks-${field}@example.com`;
    const browser = await customer(email);
    const { status, body } = await browser.api<{ error: { fields: Record<string, string> } }>("PUT", "/v1/user", profile({ email, ...change }));
    expect(status).toBe(400);
    expect(body.error.fields[field]).toBe(message);
  });

  it("checks Eircodes on the Irish brands", async () => {
    const browser = await customer("sean@example.ie", "wowcher.ie");
    const base = profile({ email: "sean@example.ie", addressLine1: "1 Main Street", city: "Dublin" });
    expect((await browser.api("PUT", "/v1/user", { ...base, postcode: "SW1A 1AA" })).status).toBe(400);
    const saved = await browser.api("PUT", "/v1/user", { ...base, postcode: "d02x285" });
    expect(saved.body).toMatchObject({ profile: { address: { postcode: "D02 X285" } } });
  });

  it("does not take another account's email", async () => {
    await customer("taken@example.com");
    const browser = await customer("mine@example.com");
    const { status } = await browser.api("PUT", "/v1/user", profile({ email: "taken@example.com" }));
    expect(status).toBe(409);
  });
});

describe("password change", () => {
  it("needs the current password, keeps this browser signed in and signs others out", async () => {
    const browser = await customer("change@example.com");
    const other = newBrowser();
    await other.api("POST", "/v1/login", { loginRequest: { j_username: "change@example.com", j_password: "correct horse" } });

    const wrong = await browser.api("PATCH", "/v1/user/password", {
      passwordChange: { currentPassword: "nope", password: "new password", confirmPassword: "new password" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: "PASSWORD_CHANGE_FAILED", message: "Error: Change Unsuccessful." } } });
    const mismatch = await browser.api("PATCH", "/v1/user/password", {
      passwordChange: { currentPassword: "correct horse", password: "new password", confirmPassword: "different" },
    });
    expect(mismatch.body).toMatchObject({ error: { message: "Passwords should match" } });
    const common = await browser.api("PATCH", "/v1/user/password", {
      passwordChange: { currentPassword: "correct horse", password: "Iloveyou1", confirmPassword: "Iloveyou1" },
    });
    expect(common).toMatchObject({ status: 400, body: { error: { message: "This password is too common and easy to guess. Please choose another." } } });

    const before = browser.cookies.get("session");
    const changed = await browser.api("PATCH", "/v1/user/password", {
      passwordChange: { currentPassword: "correct horse", password: "new password", confirmPassword: "new password" },
    });
    expect(changed).toMatchObject({ status: 200, body: { message: "Password successfully updated" } });
    expect(browser.cookies.get("session")).not.toBe(before);
    expect((await browser.api("GET", "/v1/user")).status).toBe(200);
    expect((await other.api("GET", "/v1/user")).status).toBe(401);
  });
});

describe("account deletion", () => {
  it("anonymises the account, ends every session and makes login impossible", async () => {
    const browser = await customer("leaving@example.com");
    const elsewhere = newBrowser();
    await elsewhere.api("POST", "/v1/login", { loginRequest: { j_username: "leaving@example.com", j_password: "correct horse" } });

    const deleted = await browser.api("POST", "/v1/user/anonymize");
    expect(deleted).toMatchObject({ status: 200, body: { message: "Your account has been deleted. You have been signed out." } });
    expect(browser.cookies.has("session")).toBe(false);
    expect((await elsewhere.api("GET", "/v1/user")).status).toBe(401);
    const login = await newBrowser().api("POST", "/v1/login", { loginRequest: { j_username: "leaving@example.com", j_password: "correct horse" } });
    expect(login.status).toBe(401);
    // The same email can start afresh.
    expect((await newBrowser().api("POST", "/v1/register", { firstName: "A", lastName: "B", email: "leaving@example.com", password: "fresh start" })).status).toBe(201);
  });
});

describe("newsletter", () => {
  it("subscribes with the spec's messages and unsubscribes by the emailed token", async () => {
    const browser = newBrowser();
    expect((await browser.api("POST", "/v1/newsletter/subscribe", {})).body).toMatchObject({ error: { message: "Subscription email is required" } });
    expect((await browser.api("POST", "/v1/newsletter/subscribe", { email: "x" })).body).toMatchObject({
      error: { message: "Invalid Email. Please enter a valid email address" },
    });
    expect((await browser.api("POST", "/v1/newsletter/subscribe", { email: "reader@example.com" })).status).toBe(200);
    expect(await isSubscribed(database.db, "wowcher", "reader@example.com")).toBe(true);

    expect((await browser.api("POST", "/v1/newsletter/unsubscribe", {})).body).toEqual({
      error: { code: "UNSUBSCRIBE_TOKEN_MISSING", message: "No unsubscribe token found..." },
    });
    expect((await browser.api("POST", "/v1/newsletter/unsubscribe", { token: "unknown-token" })).body).toEqual({
      error: { code: "NO_SUBSCRIPTION", message: "No subscription found." },
    });
    const mail = (await listMailbox(database.db)).find((m) => m.to === "reader@example.com")!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token");
    expect((await browser.api("POST", "/v1/newsletter/unsubscribe", { token })).status).toBe(200);
    expect(await isSubscribed(database.db, "wowcher", "reader@example.com")).toBe(false);
  });
});
