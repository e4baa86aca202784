/**
 * Merchants' deal proposals on real pages, as a browser without JavaScript uses them: the portal's
 * form with its problems by field, the merchant's own list and thread (another merchant's is not
 * found), and the back office's queue, where asking for changes needs a comment and approving
 * opens the new draft deal's editor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { insertMerchant } from "../support/merchant-fixtures";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
const PASSWORD = "front desk bell";
let ip = 0;

const browser = () => new TestBrowser(app, { ip: `198.51.100.${120 + ++ip}` });

async function merchantUser(merchantId: number, email: string): Promise<TestBrowser> {
  const invitation = await inviteMerchantUser(database.db, clock, { merchantId, email, name: "Till", brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
  await acceptInvitation(database.db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password: PASSWORD });
  const member = browser();
  const signIn = await member.request("/merchant/login", { method: "POST", form: { _csrf: await member.csrfToken(), email, password: PASSWORD } });
  expect(signIn.status).toBe(302);
  member.refreshCsrf();
  return member;
}

async function staff(role: "deal_manager" | "editor"): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${++ip}@example.com`, role });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = browser();
  member.cookies.set("staffSession", session.token);
  return member;
}

const proposal = {
  title: "Hot stone massage",
  description: "A full hour of hot stones.",
  "options.0.title": "For one",
  "options.0.price": "39.00",
  "options.0.originalPrice": "80.00",
  quantity: "100",
  startWanted: "2027-01-10",
  endWanted: "2027-03-31",
};

let merchantId = 0;
let otherMerchantId = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
  otherMerchantId = (await insertMerchant(database.db)).id;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("a merchant proposes a deal and staff review it", () => {
  it("names each problem by its field, then files the proposal; another merchant cannot read it", async () => {
    const till = await merchantUser(merchantId, "till@example.com");
    const refused = await till.request("/merchant/proposals/new", { method: "POST", form: { _csrf: await till.csrfToken(), ...proposal, title: "", quantity: "0" } });
    expect(refused.status).toBe(400);
    const problems = pageText(await pageHtml(refused));
    expect(problems).toContain("Enter this: it is required.");
    expect(problems).toContain("Enter how many vouchers you can honour, a whole number of 1 or more.");

    const sent = await till.request("/merchant/proposals/new", { method: "POST", form: { _csrf: await till.csrfToken(), ...proposal } });
    expect(sent.status).toBe(302);
    const path = sent.headers.get("location")!.split("?")[0];
    expect(path).toMatch(/^\/merchant\/proposals\/\d+$/);
    expect(pageText(await pageHtml(await till.request(path)))).toContain("Hot stone massage");
    expect(pageText(await pageHtml(await till.request("/merchant/proposals")))).toContain("Hot stone massage");

    const harbour = await merchantUser(otherMerchantId, "harbour@example.com");
    expect((await harbour.request(path)).status).toBe(404);
    expect(pageText(await pageHtml(await harbour.request("/merchant/proposals")))).not.toContain("Hot stone massage");
  });

  it("asks for a comment before asking for changes, and approving opens the new draft's editor; an editor may not review", async () => {
    const manager = await staff("deal_manager");
    const queue = await pageHtml(await manager.request("/admin/proposals"));
    const id = /href="\/admin\/proposals\/(\d+)"/.exec(queue)?.[1];
    expect(id).toBeDefined();
    const page = `/admin/proposals/${id}`;
    const blank = await manager.request(page, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "request-changes", comment: " " } });
    expect(blank.status).toBe(400);
    expect(pageText(await pageHtml(blank))).toContain("Write a comment: the merchant needs to know why.");

    const approved = await manager.request(page, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "approve", comment: "" } });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toMatch(new RegExp(`^/admin/deals/\\d+/edit\\?fromProposal=${id}$`));

    const editor = await staff("editor");
    expect((await editor.request(page)).status).toBe(403);
  });
});
