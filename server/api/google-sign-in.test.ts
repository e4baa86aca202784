import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMailbox } from "../../modules/mail/mailbox";
import { googleTestIssuer } from "../../tests/support/google-tokens";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const issuer = googleTestIssuer();
const CLIENT_ID = "client-123.apps.googleusercontent.com";

function idToken(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return issuer.sign({ iss: "accounts.google.com", aud: CLIENT_ID, sub: "g-1", email: "gina@gmail.com", email_verified: true, given_name: "Gina", family_name: "Lee", exp: now + 600, ...overrides });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock, { env: { GOOGLE_CLIENT_ID: CLIENT_ID }, googleKeys: issuer.keys });
});

afterAll(() => database.dispose());

describe("Sign in with Google", () => {
  it("tells the client the client id, registers, and signs in with the verified identity", async () => {
    const browser = new TestBrowser(app);
    expect((await browser.api("GET", "/v1/user/session")).body).toMatchObject({ googleClientId: CLIENT_ID });
    const notYet = await browser.api("POST", "/v1/logingoogle", { idToken: idToken() });
    expect(notYet.body).toEqual({ error: { code: "NOT_REGISTERED", message: "You have not yet registered with us. Please register to continue." } });

    const registered = await browser.api("POST", "/v1/registergoogleuser", { idToken: idToken() });
    expect(registered).toMatchObject({ status: 201, body: { userprofile: { email: "gina@gmail.com", firstName: "Gina" } } });
    expect((await browser.api("POST", "/v1/registergoogleuser", { idToken: idToken() })).status).toBe(409);
    // Registered and signed in: the account describes itself.
    const details = await browser.api("POST", "/v1/subscription/details", { requestSubscriptionDetails: { email: "gina@gmail.com" } });
    expect(details.body).toMatchObject({ isRegistered: true, hasPassword: false, tpl: true });

    const again = new TestBrowser(app, { ip: "198.51.100.77" });
    expect((await again.api("POST", "/v1/logingoogle", { idToken: idToken() })).status).toBe(200);
    expect((await again.api("GET", "/v1/user")).body).toMatchObject({ googleLinked: true, hasPassword: false });
  });

  it("links Google to an existing password account with the same verified email", async () => {
    const browser = new TestBrowser(app, { ip: "198.51.100.78" });
    await browser.api("POST", "/v1/register", { firstName: "Pat", lastName: "Doe", email: "pat@gmail.com", password: "correct horse" });
    const unverified = await browser.api("POST", "/v1/logingoogle", { idToken: idToken({ sub: "g-2", email: "pat@gmail.com", email_verified: false }) });
    expect(unverified.status).toBe(404);
    const verified = await browser.api("POST", "/v1/logingoogle", { idToken: idToken({ sub: "g-2", email: "pat@gmail.com" }) });
    expect(verified).toMatchObject({ status: 200, body: { userprofile: { firstName: "Pat" } } });
  });

  it("refuses a forged token", async () => {
    const forged = googleTestIssuer().sign({ iss: "accounts.google.com", aud: CLIENT_ID, sub: "g-1", email: "gina@gmail.com", exp: 9_999_999_999 });
    const { status, body } = await new TestBrowser(app, { ip: "198.51.100.79" }).api("POST", "/v1/logingoogle", { idToken: forged });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "INVALID_GOOGLE_TOKEN", message: "Invalid google token id." } });
  });

  it("lets an account without a password set one through an activation link", async () => {
    const browser = new TestBrowser(app, { ip: "198.51.100.81" });
    await browser.api("POST", "/v1/registergoogleuser", { idToken: idToken({ sub: "g-3", email: "ola@gmail.com" }) });
    await browser.api("POST", "/v1/logout");
    expect((await browser.api("POST", "/v1/user/password_reset_request", { email: "ola@gmail.com" })).status).toBe(200);
    const mail = (await listMailbox(database.db)).find((m) => m.to === "ola@gmail.com")!;
    expect(mail.subject).toBe("Set a password for your Wowcher account");
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe("/activate-password");
    const token = link.searchParams.get("token");
    // A reset link and an activation link are not interchangeable.
    expect((await browser.api("POST", "/v1/user/password_reset", { token, password: "my password", confirmPassword: "my password" })).status).toBe(410);
    expect((await browser.api("POST", "/v1/user/password_activate", { token, password: "my password", confirmPassword: "my password" })).status).toBe(200);
    const login = await browser.api("POST", "/v1/login", { loginRequest: { j_username: "ola@gmail.com", j_password: "my password" } });
    expect(login.status).toBe(200);
  });

  it("is off without a client id", async () => {
    const plain = createTestBrowserApp(database, clock);
    const browser = new TestBrowser(plain, { ip: "198.51.100.80" });
    expect((await browser.api("GET", "/v1/user/session")).body).toMatchObject({ googleClientId: null });
    expect((await browser.api("POST", "/v1/logingoogle", { idToken: idToken() })).status).toBe(404);
  });
});
