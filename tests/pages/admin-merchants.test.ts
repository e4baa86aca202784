/** The back office's merchants: found by name, their record changed and audited, people invited to their portal; read-only for other roles. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../modules/audit/schema";
import { merchants } from "../../modules/catalog/schema";
import { outboxMessages } from "../../modules/mail/schema";
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
let merchantId: number;
const clock = new ManualClock("2026-11-28T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function signedInAs(role: StaffRole, ip: string): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}@example.com`, role, name: role === "merchant_operations" ? "Mira" : "Ana" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip });
  member.cookies.set("staffSession", session.token);
  return member;
}

describe("merchants in the back office", () => {
  it("merchant operations find a merchant, correct its record (refused with a clear error first) and the audit keeps before and after", async () => {
    const ops = await signedInAs("merchant_operations", "198.51.100.50");
    const list = pageText(await pageHtml(await ops.request("/admin/merchants?q=serenity")));
    expect(list).toContain("1 merchants, page 1");
    expect(list).toContain("Serenity Spa Ltd");
    expect(list).toContain("20.00%");

    const path = `/admin/merchants/${merchantId}`;
    const record = { displayName: "Serenity Spa", businessName: "Serenity Spa Ltd", vatNumber: "GB 123 4567 89", website: "https://serenity.example", contactEmail: "hello@serenity.example", contactPhone: "020 7946 0000", commission: "17.5", payoutBasis: "sale", payoutFrequency: "monthly" };
    const refused = await ops.request(path, { method: "POST", form: { _csrf: await ops.csrfToken(), intent: "update", ...record, vatNumber: "12345", commission: "120" } });
    expect(refused.status).toBe(400);
    const problems = pageText(await pageHtml(refused));
    expect(problems).toContain("Enter a UK (GB and 9 or 12 digits) or Irish (IE, 7 digits and 1 or 2 letters) VAT number.");
    expect(problems).toContain("Enter a commission from 0 to 100 per cent, with up to two decimals.");

    const saved = await ops.request(path, { method: "POST", form: { _csrf: await ops.csrfToken(), intent: "update", ...record } });
    expect(saved.status).toBe(200);
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row).toMatchObject({ vatNumber: "GB123456789", commissionBps: 1750, contactEmail: "hello@serenity.example", payoutBasis: "sale", payoutFrequency: "monthly" });
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "merchant.update"));
    expect(audit).toMatchObject({ actorName: "Mira", actorRole: "merchant_operations", entityId: String(merchantId), changes: { commissionBps: [2000, 1750], vatNumber: [null, "GB123456789"] } });
    // The owner's audit timeline links the change to the merchant's page.
    const owner = await signedInAs("owner", "198.51.100.53");
    expect(await pageHtml(await owner.request("/admin/audit?entityType=merchant"))).toContain(`<a href="/admin/merchants/${merchantId}" class="text-brand-dark underline">merchant ${merchantId}</a>`);
  });

  it("invites someone to the merchant's portal by email, listed as invited, audited", async () => {
    const ops = await signedInAs("owner", "198.51.100.51");
    const path = `/admin/merchants/${merchantId}`;
    const invited = await ops.request(path, { method: "POST", form: { _csrf: await ops.csrfToken(), intent: "invite", name: "Till Tom", email: "tom@serenity.example", role: "full" } });
    expect(pageText(await pageHtml(invited))).toContain("Invitation sent to tom@serenity.example.");
    expect(await database.db.select({ to: outboxMessages.to }).from(outboxMessages).where(eq(outboxMessages.to, "tom@serenity.example")).orderBy(outboxMessages.id)).toHaveLength(1);
    expect(pageText(await pageHtml(await ops.request(path)))).toMatch(/Till Tom \( tom@serenity.example \) · Everything in the portal · Invited since 2026-11-28/);
    expect(await database.db.select().from(auditEvents).where(eq(auditEvents.action, "merchant-user.invite"))).toHaveLength(1);
  });

  it("shows an analyst the record without forms, and refuses a forged change", async () => {
    const analyst = await signedInAs("analyst", "198.51.100.52");
    const path = `/admin/merchants/${merchantId}`;
    const page = await pageHtml(await analyst.request(path));
    expect(page).not.toContain("Save the record");
    expect(pageText(page)).toContain("GB123456789");
    const forged = await analyst.request(path, { method: "POST", form: { _csrf: await analyst.csrfToken(), intent: "update", displayName: "Hacked", businessName: "x", commission: "0" } });
    expect(forged.status).toBe(403);
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row.displayName).toBe("Serenity Spa");
  });
});
