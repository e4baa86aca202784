/**
 * Merchant records on real pages: payout terms and bank details (finance and the owner change
 * them; everyone else sees them masked, never whole), portal users invited as full or redeem-only,
 * and a redeem-only user kept to the till (403 elsewhere, the other links hidden).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postcodeAddresses } from "../../modules/address/schema";
import { auditEvents } from "../../modules/audit/schema";
import { merchantAddresses } from "../../modules/catalog/schema";
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

describe("addresses", () => {
  it("merchant operations look a postcode up, add an address with its position from the address data, then remove it; both audited", async () => {
    await database.db.insert(postcodeAddresses).values([
      { countryCode: "GB", postcodeKey: "SW1A2AA", postcode: "SW1A 2AA", line1: "10 Downing Street", city: "London", lat: 51.5034, lon: -0.1276 },
      { countryCode: "GB", postcodeKey: "SW1A2AA", postcode: "SW1A 2AA", line1: "12 Downing Street", city: "London" },
    ]);
    const ops = await signedInAs("merchant_operations");
    const url = `/admin/merchants/${merchantId}`;
    const csrf = await ops.csrfToken();
    expect(pageText(await pageHtml(await ops.request(url)))).toContain("No addresses yet");

    const found = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "find-address", addressCountry: "GB", addressPostcode: "sw1a2aa" } });
    expect(found.status).toBe(200);
    const foundHtml = await pageHtml(found);
    expect(pageText(foundHtml)).toContain("10 Downing Street, London, SW1A 2AA · at 51.5034, -0.1276");
    expect(pageText(foundHtml)).toContain("12 Downing Street, London, SW1A 2AA · no position in the address data: cannot be added");
    const [withPosition, withoutPosition] = [...foundHtml.matchAll(/name="deliveryPoint" value="(\d+)"/g)].map((match) => match[1]);

    const refused = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "add-address", deliveryPoint: withoutPosition } });
    expect(refused.status).toBe(422);
    expect(pageText(await pageHtml(refused))).toContain("The address data has no position for that address, so it cannot be shown on the map: it was not added.");
    expect(await database.db.$count(merchantAddresses, eq(merchantAddresses.merchantId, merchantId))).toBe(0);

    const added = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "add-address", deliveryPoint: withPosition } });
    expect(added.status).toBe(200);
    expect(pageText(await pageHtml(added))).toContain("Address added: 10 Downing Street, SW1A 2AA.");
    const page = pageText(await pageHtml(await ops.request(url)));
    expect(page).toContain("10 Downing Street, London, SW1A 2AA (main) · at 51.5034, -0.1276");
    const [stored] = await database.db.select().from(merchantAddresses).where(eq(merchantAddresses.merchantId, merchantId));
    expect([stored.lat, stored.lon, stored.isMain]).toEqual([51.5034, -0.1276, true]);

    const removed = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "remove-address", addressId: String(stored.id) } });
    expect(pageText(await pageHtml(removed))).toContain("Address removed.");
    expect(await database.db.$count(merchantAddresses, eq(merchantAddresses.merchantId, merchantId))).toBe(0);
    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, String(merchantId)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["merchant-address.add", "merchant-address.remove"]));
  });

  it("says what is wrong with a postcode, or with no address chosen, and refuses staff who may not manage merchants", async () => {
    const ops = await signedInAs("merchant_operations");
    const url = `/admin/merchants/${merchantId}`;
    const csrf = await ops.csrfToken();
    const bad = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "find-address", addressCountry: "GB", addressPostcode: "nonsense" } });
    expect(bad.status).toBe(400);
    const badHtml = await pageHtml(bad);
    expect(badHtml).toContain('href="#merchant-address-postcode"');
    expect(pageText(badHtml)).toContain("Enter a postcode, such as SW1A 1AA.");
    const unknown = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "find-address", addressCountry: "GB", addressPostcode: "M1 9ZZ" } });
    expect(pageText(await pageHtml(unknown))).toContain("The address data has no addresses at that postcode");
    const unchosen = await ops.request(url, { method: "POST", form: { _csrf: csrf, intent: "add-address", addressCountry: "GB", addressPostcode: "SW1A 2AA" } });
    expect(unchosen.status).toBe(400);
    expect(pageText(await pageHtml(unchosen))).toContain("Choose the merchant's address from the list.");

    const analyst = await signedInAs("analyst");
    expect((await analyst.request(url, { method: "POST", form: { _csrf: await analyst.csrfToken(), intent: "find-address", addressCountry: "GB", addressPostcode: "SW1A 2AA" } })).status).toBe(403);
    expect(pageText(await pageHtml(await analyst.request(url)))).not.toContain("Add an address");
  });
});
