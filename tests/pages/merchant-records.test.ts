/**
 * Merchant records on real pages: payout terms and bank details (finance and the owner change
 * them; everyone else sees them masked, never whole), portal users invited as full or redeem-only,
 * and a redeem-only user kept to the till (403 elsewhere, the other links hidden).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { StaffRole } from "../../modules/staff/roles";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let merchantId = 0;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

function browser() {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}` });
}

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}-records@example.com`, role });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = browser();
  member.cookies.set("staffSession", session.token);
  return member;
}

describe("bank details", () => {
  it("finance saves them and everyone sees them masked, never whole", async () => {
    const finance = await signedInAs("finance");
    const url = `/admin/merchants/${merchantId}/bank-details`;
    const bad = await finance.request(url, { method: "POST", form: { _csrf: await finance.csrfToken(), accountName: "Spa Ltd", sortCode: "12-34", accountNumber: "1234", reason: "" } });
    expect(bad.status).toBe(400);
    const badText = pageText(await pageHtml(bad));
    expect(badText).toContain("Enter a sort code of 6 digits, like 12-34-56.");
    expect(badText).toContain("Enter an account number of 8 digits.");
    expect(badText).toContain("Say why the bank details change (for example, the merchant's signed change form): it is kept in the audit trail.");

    const saved = await finance.request(url, {
      method: "POST",
      form: { _csrf: await finance.csrfToken(), accountName: "Spa Ltd", sortCode: "12-34-56", accountNumber: "87654321", reason: "Signed change form, ticket 4411" },
    });
    expect(saved.status).toBe(200);
    const savedHtml = await pageHtml(saved);
    expect(pageText(savedHtml)).toContain("Bank details saved: sort code ••-••-56, account •••• 4321.");
    expect(savedHtml).not.toMatch(/87654321|123456/);

    const operations = await signedInAs("merchant_operations");
    const page = await operations.request(`/admin/merchants/${merchantId}`);
    const html = await pageHtml(page);
    expect(pageText(html)).toContain("Spa Ltd · sort code ••-••-56 · account •••• 4321");
    expect(html).not.toMatch(/87654321|123456/);
    const refused = await operations.request(url, {
      method: "POST",
      form: { _csrf: await operations.csrfToken(), accountName: "Mine", sortCode: "111111", accountNumber: "11111111", reason: "Mine now" },
    });
    expect(refused.status).toBe(403);
    expect(pageText(await pageHtml(await operations.request(url)))).toContain("Only finance or the owner may change bank details.");
  });
});

describe("payout terms", () => {
  it("merchant operations set when and how often the merchant is paid", async () => {
    const operations = await signedInAs("merchant_operations");
    const url = `/admin/merchants/${merchantId}`;
    const form = { displayName: "Spa Days", businessName: "Spa Days Ltd", vatNumber: "", website: "", contactEmail: "", contactPhone: "", commission: "20" };
    const bad = await operations.request(url, {
      method: "POST",
      form: { _csrf: await operations.csrfToken(), intent: "update", ...form, payoutBasis: "never", payoutFrequency: "monthly" },
    });
    expect(bad.status).toBe(400);
    expect(pageText(await pageHtml(bad))).toContain("Choose when the merchant is paid: on redemption or on sale.");
    const saved = await operations.request(url, {
      method: "POST",
      form: { _csrf: await operations.csrfToken(), intent: "update", ...form, payoutBasis: "sale", payoutFrequency: "monthly" },
    });
    expect(saved.status).toBe(200);
    const html = await pageHtml(await operations.request(url));
    expect(html).toMatch(/<option value="sale" selected="">On sale<\/option>/);
    expect(html).toMatch(/<option value="monthly" selected="">Monthly<\/option>/);
  });
});

describe("portal users", () => {
  it("invites a redeem-only user, who reaches only the till and the redemptions", async () => {
    const operations = await signedInAs("merchant_operations");
    const invited = await operations.request(`/admin/merchants/${merchantId}`, {
      method: "POST",
      form: { _csrf: await operations.csrfToken(), intent: "invite", name: "Tilly", email: "tilly-redeem@example.com", role: "redeem_only" },
    });
    expect(pageText(await pageHtml(invited))).toContain("Invitation sent to tilly-redeem@example.com.");
    expect(pageText(await pageHtml(await operations.request(`/admin/merchants/${merchantId}`)))).toContain("Tilly ( tilly-redeem@example.com ) · Redeem vouchers only");

    // Re-invite to learn the link (the email holds it), and set a password.
    const invitation = await inviteMerchantUser(database.db, clock, { merchantId, email: "tilly-redeem@example.com", name: "Tilly", brand: "wowcher", linkOrigin: "https://x" });
    await acceptInvitation(database.db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password: "till roll paper" });
    const till = browser();
    const login = await till.request("/merchant/login", {
      method: "POST",
      form: { _csrf: await till.csrfToken(), email: "tilly-redeem@example.com", password: "till roll paper" },
    });
    expect(login.status).toBe(302);
    till.refreshCsrf();

    const home = await till.request("/merchant");
    expect(home.status).toBe(200);
    const homeText = pageText(await pageHtml(home));
    expect(homeText).toContain("Redemptions");
    expect(homeText).not.toContain("Sales per deal");
    expect(homeText).not.toContain("Statement");
    expect((await till.request("/merchant/redemptions")).status).toBe(200);
    for (const path of ["/merchant/sales", "/merchant/statement", "/merchant/statement.csv", "/merchant/dispatch", "/merchant/returns", "/merchant/bookings"]) {
      expect((await till.request(path)).status, path).toBe(403);
    }
  });
});
