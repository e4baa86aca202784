import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMailbox } from "../../modules/mail/mailbox";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-03-02T10:00:00Z");
let ipCounter = 0;

/** A browser from an address of its own, so per-IP limits of one test never affect another. */
function newBrowser(host = "wowcher.co.uk") {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `203.0.113.${ipCounter}`, host });
}

const COMMON = "This password is too common and easy to guess. Please choose another.";

async function register(browser: TestBrowser, email: string, password = "correct horse") {
  return browser.api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email, password, confirmPassword: password });
}

async function login(browser: TestBrowser, email: string, password: string, rememberMe = false) {
  return browser.api("POST", `/v1/login${rememberMe ? "?_spring_security_remember_me=true" : ""}`, {
    loginRequest: { j_username: email, j_password: password },
  });
}

async function session(browser: TestBrowser) {
  return (await browser.api<{ isAuthenticated: boolean; userprofile: { firstName: string } | null }>("GET", "/v1/user/session")).body;
}

/** The link in the newest email to an address (the reset or activation link). */
async function latestLink(to: string): Promise<string> {
  const message = (await listMailbox(database.db)).find((m) => m.to === to);
  const link = /https?:\/\/\S+/.exec(message?.text ?? "")?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
});

afterAll(() => database.dispose());

describe("registration", () => {
  it.each([
    [{ firstName: "", lastName: "Smith", email: "a@example.com", password: "blue kettle" }, "firstName", "Required field"],
    [{ firstName: "Ann", lastName: "Smith", email: "not-an-email", password: "blue kettle" }, "email", "Please enter a valid email"],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "1234567" }, "password", "Password must be at least 8 characters"],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "123456" }, "password", "Password must be at least 8 characters"],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "password" }, "password", COMMON],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "PassWord1" }, "password", COMMON],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "        " }, "password", COMMON],
    [{ firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "p".repeat(129) }, "password", "Password must be at most 128 characters"],
    [
      { firstName: "Ann", lastName: "Smith", email: "a@example.com", password: "blue kettle", confirmPassword: "red kettle" },
      "confirmPassword",
      "Passwords should match",
    ],
  ])("refuses %o with the spec's message", async (input, field, message) => {
    const { status, body } = await newBrowser().api<{ error: { message: string; fields: Record<string, string> } }>("POST", "/v1/register", input);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect(body.error.fields[field]).toBe(message);
  });

  it("accepts a 64-character passphrase, signs the new customer in and says so", async () => {
    const browser = newBrowser();
    const password = "my cat sleeps on the warm radiator every single winter afternoon";
    expect(password).toHaveLength(64);
    const { status, body } = await register(browser, "Long.Password@Example.com", password);
    expect(status).toBe(201);
    expect(body).toMatchObject({ message: "You have been successfully registered", userprofile: { email: "long.password@example.com", firstName: "Ann" } });
    expect(await session(browser)).toMatchObject({ isAuthenticated: true, userprofile: { firstName: "Ann" } });
    expect((await login(newBrowser(), "long.password@example.com", password)).status).toBe(200);
  });

  it("keeps every character of a 128-character passphrase (no truncation)", async () => {
    const password = "wooden spoons and ".repeat(7) + "xy";
    expect(password).toHaveLength(128);
    expect((await register(newBrowser(), "passphrase@example.com", password)).status).toBe(201);
    expect((await login(newBrowser(), "passphrase@example.com", password.slice(0, 127))).status).toBe(401);
    expect((await login(newBrowser(), "passphrase@example.com", password)).status).toBe(200);
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    await register(newBrowser(), "twice@example.com");
    const { status, body } = await register(newBrowser(), "TWICE@example.com");
    expect(status).toBe(409);
    expect(body).toEqual({ error: { code: "ALREADY_REGISTERED", message: "You have already registered with us. Please login to continue." } });
  });

  it("lets one address be told 'already registered' only a few times a day", async () => {
    for (let i = 0; i < 5; i++) await register(newBrowser(), `taken${i}@example.com`);
    const prober = newBrowser();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await register(prober, `TAKEN${i}@example.com`)).status);
    expect(answers).toEqual([409, 409, 409, 409, 409]);
    // Now even a free email is not tried, so the answer tells nothing.
    const limited = await register(prober, "free@example.com");
    expect(limited).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect((await register(newBrowser(), "free@example.com")).status).toBe(201);
  });

  it("limits registrations of one email from many addresses, taken or not, so the 429 tells nothing", async () => {
    await register(newBrowser(), "popular@example.com");
    const taken: number[] = [];
    for (let i = 0; i < 5; i++) taken.push((await register(newBrowser(), "Popular@example.com")).status);
    expect(taken).toEqual([409, 409, 409, 409, 429]);
    // An email nobody has gets the same answer after as many tries (its first one creates it).
    const free: number[] = [];
    for (let i = 0; i < 6; i++) free.push((await register(newBrowser(), "unclaimed@example.com")).status);
    expect(free).toEqual([201, 409, 409, 409, 409, 429]);
    clock.advance(3600_000);
    expect((await register(newBrowser(), "popular@example.com")).status).toBe(409);
  });

  it("keeps the same email apart on different brands", async () => {
    await register(newBrowser("wowcher.co.uk"), "both@example.com");
    expect((await register(newBrowser("livingsocial.co.uk"), "both@example.com")).status).toBe(201);
    const wrongBrand = await login(newBrowser("wowcher.ie"), "both@example.com", "correct horse");
    expect(wrongBrand.status).toBe(401);
  });
});

describe("sign-in and sign-out", () => {
  it("rejects a wrong password or unknown email with the same message", async () => {
    await register(newBrowser(), "ann@example.com");
    for (const [email, password] of [
      ["ann@example.com", "wrong password"],
      ["nobody@example.com", "correct horse"],
    ]) {
      const { status, body } = await login(newBrowser(), email, password);
      expect(status).toBe(401);
      expect(body).toEqual({ error: { code: "INVALID_CREDENTIALS", message: "Invalid email/password. Please try again." } });
    }
  });

  it("asks for both fields", async () => {
    const { status, body } = await newBrowser().api<{ error: { fields: Record<string, string> } }>("POST", "/v1/login", {
      loginRequest: { j_username: "", j_password: "" },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ "loginRequest.j_username": "Required field", "loginRequest.j_password": "Required field" });
  });

  it("rotates the session id at login and revokes the session at logout", async () => {
    await register(newBrowser(), "rotate@example.com");
    const browser = newBrowser();
    expect((await login(browser, "rotate@example.com", "correct horse")).status).toBe(200);
    const first = browser.cookies.get("session")!;
    expect((await login(browser, "rotate@example.com", "correct horse")).status).toBe(200);
    const second = browser.cookies.get("session")!;
    expect(second).not.toBe(first);

    // The old session id no longer signs anyone in.
    const replay = new TestBrowser(app, { ip: "203.0.113.250" });
    replay.cookies.set("session", first);
    expect((await session(replay)).isAuthenticated).toBe(false);

    expect((await browser.api("POST", "/v1/logout")).status).toBe(200);
    expect(browser.cookies.has("session")).toBe(false);
    replay.cookies.set("session", second);
    expect((await session(replay)).isAuthenticated).toBe(false);
  });

  it("sets a year-long cookie with remember-me and a browser-session cookie without", async () => {
    await register(newBrowser(), "remember@example.com");
    const remembered = await newBrowser().request("/v1/login?_spring_security_remember_me=true", {
      method: "POST",
      json: { loginRequest: { j_username: "remember@example.com", j_password: "correct horse" } },
      csrf: false,
      headers: { "x-csrf-token": "" },
    });
    // Without a CSRF token nothing happens…
    expect(remembered.status).toBe(403);
    const browser = newBrowser();
    const response = await browser.request("/v1/login?_spring_security_remember_me=true", {
      method: "POST",
      json: { loginRequest: { j_username: "remember@example.com", j_password: "correct horse" } },
    });
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(sessionCookie).toMatch(/Max-Age=31536000/);
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    const plain = await newBrowser().request("/v1/login", {
      method: "POST",
      json: { loginRequest: { j_username: "remember@example.com", j_password: "correct horse" } },
    });
    expect(plain.headers.getSetCookie().find((c) => c.startsWith("session="))).not.toMatch(/Max-Age/);
    expect(plain.headers.getSetCookie().find((c) => c.startsWith("customer_token="))).toMatch(/Max-Age=31536000/);
  });
});

describe("lockout", () => {
  it("locks after five wrong passwords, even for the right one, and a reset unlocks", async () => {
    await register(newBrowser(), "locked@example.com");
    const browser = newBrowser();
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      messages.push(((await login(browser, "locked@example.com", "guess")).body as { error: { message: string } }).error.message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill("Invalid email/password. Please try again."));
    expect(messages[4]).toBe("Your account has been temporarily locked. Please try again later or reset your password to unlock it.");
    const right = await login(browser, "locked@example.com", "correct horse");
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ error: { code: "ACCOUNT_LOCKED" } });
    // Nobody else can learn that the account is locked (or exists).
    const lookup = await browser.api("POST", "/v1/subscription/details", { requestSubscriptionDetails: { email: "locked@example.com" } });
    expect(lookup).toMatchObject({ status: 401, body: { error: { code: "NOT_SIGNED_IN" } } });

    expect((await browser.api("POST", "/v1/user/password_reset_request", { email: "locked@example.com" })).status).toBe(200);
    const link = new URL(await latestLink("locked@example.com"));
    expect(link.pathname).toBe("/reset-password");
    const reset = await browser.api("POST", "/v1/user/password_reset", {
      token: link.searchParams.get("token"),
      password: "new password",
      confirmPassword: "new password",
    });
    expect(reset).toMatchObject({ status: 200, body: { message: "Password successfully updated" } });
    expect((await login(browser, "locked@example.com", "correct horse")).status).toBe(401);
    expect((await login(browser, "locked@example.com", "new password")).status).toBe(200);
  });

  it("unlocks by itself after half an hour", async () => {
    await register(newBrowser(), "waits@example.com");
    const browser = newBrowser();
    for (let attempt = 0; attempt < 5; attempt++) await login(browser, "waits@example.com", "guess");
    expect((await login(browser, "waits@example.com", "correct horse")).status).toBe(423);
    clock.advance(31 * 60_000);
    expect((await login(browser, "waits@example.com", "correct horse")).status).toBe(200);
  });
});

describe("password links", () => {
  it("answers the same for a registered and an unknown email, and mails only the account", async () => {
    await register(newBrowser(), "known-reset@example.com");
    const known = await newBrowser().api("POST", "/v1/user/password_reset_request", { email: "known-reset@example.com" });
    const unknown = await newBrowser().api("POST", "/v1/user/password_reset_request", { email: "ghost@example.com" });
    const message = "If that email is registered, we have sent a link to choose a new password. It works for one hour.";
    expect(known).toMatchObject({ status: 200, body: { message } });
    expect(unknown).toMatchObject({ status: 200, body: { message } });
    const mailbox = await listMailbox(database.db);
    expect(mailbox.some((mail) => mail.to === "known-reset@example.com")).toBe(true);
    expect(mailbox.some((mail) => mail.to === "ghost@example.com")).toBe(false);
  });

  it("works once, within the hour, and signs the account out everywhere", async () => {
    await register(newBrowser(), "once@example.com");
    const signedIn = newBrowser();
    await login(signedIn, "once@example.com", "correct horse");
    const browser = newBrowser();
    await browser.api("POST", "/v1/user/password_reset_request", { email: "once@example.com" });
    const token = new URL(await latestLink("once@example.com")).searchParams.get("token");
    const mismatch = await browser.api("POST", "/v1/user/password_reset", { token, password: "new password", confirmPassword: "other" });
    expect(mismatch.body).toMatchObject({ error: { message: "Passwords should match" } });
    const first = await browser.api("POST", "/v1/user/password_reset", { token, password: "new password", confirmPassword: "new password" });
    expect(first.status).toBe(200);
    expect((await session(signedIn)).isAuthenticated).toBe(false);
    const again = await browser.api("POST", "/v1/user/password_reset", { token, password: "third password", confirmPassword: "third password" });
    expect(again.status).toBe(410);

    await browser.api("POST", "/v1/user/password_reset_request", { email: "once@example.com" });
    const late = new URL(await latestLink("once@example.com")).searchParams.get("token");
    clock.advance(61 * 60_000);
    const expired = await browser.api("POST", "/v1/user/password_reset", { token: late, password: "third password", confirmPassword: "third password" });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { code: "LINK_EXPIRED" } });
  });
});

describe("CSRF protection", () => {
  it("refuses mutating calls without the visitor's token, and a token from before sign-in", async () => {
    await register(newBrowser(), "csrf@example.com");
    const browser = newBrowser();
    const body = { loginRequest: { j_username: "csrf@example.com", j_password: "correct horse" } };
    const missing = await browser.api("POST", "/v1/login", body, { csrf: false });
    expect(missing).toMatchObject({ status: 403, body: { error: { code: "CSRF_TOKEN_INVALID" } } });
    const forged = await browser.api("POST", "/v1/login", body, { headers: { "x-csrf-token": "forged" } });
    expect(forged.status).toBe(403);

    const guestToken = await browser.csrfToken();
    expect((await login(browser, "csrf@example.com", "correct horse")).status).toBe(200);
    const stale = await browser.api("POST", "/v1/logout", undefined, { headers: { "x-csrf-token": guestToken } });
    expect(stale.status).toBe(403);
    expect((await session(browser)).isAuthenticated).toBe(true);

    // Another browser's token does not work either.
    const other = await newBrowser().csrfToken();
    expect((await browser.api("POST", "/v1/logout", undefined, { headers: { "x-csrf-token": other } })).status).toBe(403);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once an address tries too many logins, until the window passes", async () => {
    const browser = newBrowser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await login(browser, `nobody${attempt}@example.com`, "x")).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    const limited = await login(browser, "nobody@example.com", "x");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another address is not affected…
    expect((await login(newBrowser(), "nobody@example.com", "x")).status).toBe(401);
    // …and the first may try again once the window has passed.
    clock.advance(retryAfter * 1000);
    expect((await login(browser, "nobody@example.com", "x")).status).toBe(401);
  });

  it("limits attempts on one account from many addresses", async () => {
    await register(newBrowser(), "target@example.com");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await login(newBrowser(), "target@example.com", "x")).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits email lookups per address", async () => {
    const browser = newBrowser();
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt++) last = (await browser.api("GET", `/v1/email/verify?email=x${attempt}@example.com`)).status;
    expect(last).toBe(429);
  });
});

describe("email lookups", () => {
  it("say whether an email is well formed, never whether it has an account", async () => {
    const browser = newBrowser();
    await register(newBrowser(), "known@example.com");
    expect((await browser.api("GET", "/v1/email/verify?email=known@example.com")).body).toEqual({ email: "known@example.com", valid: true });
    expect((await browser.api("GET", "/v1/email/verify?email=unknown@example.com")).body).toEqual({ email: "unknown@example.com", valid: true });
    expect((await browser.api("GET", "/v1/email/verify?email=nope")).body).toEqual({ email: "nope", valid: false });
  });

  it("describe only the signed-in customer's own account", async () => {
    const owner = newBrowser();
    await register(owner, "mine@example.com");
    await register(newBrowser(), "theirs@example.com");
    expect((await owner.api("POST", "/v1/subscription/details", { requestSubscriptionDetails: { email: "Mine@example.com" } })).body).toEqual({
      hasPassword: true,
      isLocked: false,
      isRegistered: true,
      isSubscribed: "false",
      tpl: false,
    });
    for (const email of ["theirs@example.com", "nobody@example.com"]) {
      const other = await owner.api("POST", "/v1/subscription/details", { requestSubscriptionDetails: { email } });
      expect(other).toMatchObject({ status: 403, body: { error: { code: "NOT_OWN_EMAIL" } } });
      const guest = await newBrowser().api("POST", "/v1/subscription/details", { requestSubscriptionDetails: { email } });
      expect(guest).toMatchObject({ status: 401, body: { error: { code: "NOT_SIGNED_IN" } } });
    }
  });
});

describe("customer token from email links", () => {
  it("stores a guest's customer token for a year when an email link carries a valid one", async () => {
    const customer = newBrowser();
    const { body } = await register(customer, "mailed@example.com");
    const { customerToken } = body as { customerToken: string };
    await customer.api("PUT", "/v1/user", { firstName: "Ann", lastName: "Smith", email: "mailed@example.com", subscribed: true });

    const guest = newBrowser();
    const response = await guest.request(`/v1/user/session?ct=${customerToken}`);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("customer_token="))).toMatch(/Max-Age=31536000/);
    expect(guest.cookies.get("customer_token")).toBe(customerToken);
    // It does not sign anyone in.
    expect((await response.json()).isAuthenticated).toBe(false);

    const stranger = newBrowser();
    await stranger.request("/v1/user/session?ct=not-a-real-customer-token");
    expect(stranger.cookies.has("customer_token")).toBe(false);

    expect((await guest.api("GET", `/v1/user/validate?ct=${customerToken}`)).body).toEqual({ valid: true });
    expect((await guest.api("GET", "/v1/user/validate?ct=short")).body).toEqual({ valid: false });
  });
});

describe("account status", () => {
  it("describes the signed-in account and nothing for guests", async () => {
    const browser = newBrowser();
    await register(browser, "status@example.com");
    expect((await browser.api("GET", "/v1/user/account-status")).body).toEqual({
      registered: true,
      locked: false,
      hasPassword: true,
      facebookLinked: false,
      tpl: false,
    });
    expect((await newBrowser().api("GET", "/v1/user/account-status")).status).toBe(401);
  });
});
