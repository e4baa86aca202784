/** The two emailed password links share one page, told apart by its path; a JavaScript post (React Router's `.data` request) works as a plain one does. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMailbox } from "../../modules/mail/mailbox";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-29T09:00:00Z");
const email = "link.reader@example.com";

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("password links", () => {
  it("the reset page is titled for a reset, and a post from its script sets the password once", async () => {
    const shopper = new TestBrowser(app, { ip: "198.51.100.80" });
    const password = "correct horse battery";
    await shopper.api("POST", "/v1/register", { firstName: "Lin", lastName: "Reader", email, password, confirmPassword: password });
    await shopper.api("POST", "/v1/user/password_reset_request", { email });
    const link = (await listMailbox(database.db)).find((message) => message.to === email && /reset-password/.test(message.text))!.text;
    const token = /reset-password\?token=([\w-]+)/.exec(link)![1];

    const page = await pageHtml(await shopper.request(`/reset-password?token=${token}`));
    expect(page).toMatch(/<title>Choose a new password \|/);
    const form = { token, password: "a brand new passphrase", confirmPassword: "a brand new passphrase" };
    const posted = await shopper.request(`/reset-password.data?token=${token}`, { method: "POST", form: { _csrf: await shopper.csrfToken(), ...form } });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Password successfully updated");
    // The link is spent: the plain form post says so.
    const again = await shopper.request(`/reset-password?token=${token}`, { method: "POST", form: { _csrf: await shopper.csrfToken(), ...form } });
    expect(pageText(await pageHtml(again))).not.toContain("Password successfully updated");
  });

  it("the activation page is titled for a first password", async () => {
    const page = await pageHtml(await new TestBrowser(app, { ip: "198.51.100.81" }).request("/activate-password?token=unknown"));
    expect(page).toMatch(/<title>Set your password \|/);
  });
});
