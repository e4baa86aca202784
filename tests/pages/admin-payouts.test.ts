/**
 * Merchant payouts as finance and merchants use them, through the pages: finance runs the cut-off,
 * approves, takes the payout into a bank file, downloads it (audited) and marks it paid; the
 * merchant reads the statement in the portal, another merchant cannot; bad input answers 4xx.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../modules/audit/schema";
import { merchants } from "../../modules/catalog/schema";
import { sealBankNumbers } from "../../modules/merchants/bank-details";
import { payouts } from "../../modules/payouts/schema";
import { insertCatalogBasics, insertDeal } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { insertMerchant, insertVoucher, signedInMerchantUser } from "../support/merchant-fixtures";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { signedInStaff } from "../support/staff-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createHash } from "node:crypto";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
// A Thursday: the latest cut-off is Wednesday 25 November, 14:00.
const clock = new ManualClock("2026-11-26T09:00:00Z");
// The development key the page app's configuration uses (NODE_ENV=test, no BANK_DETAILS_KEY).
const KEY = createHash("sha256").update("dealwise-bank-details-development-key").digest();
let merchantId = 0;
let otherMerchantId = 0;
let voucherCode = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const merchant = await insertMerchant(database.db, "Payday Spa", 2000);
  merchantId = merchant.id;
  otherMerchantId = (await insertMerchant(database.db, "Nosy Neighbour")).id;
  await database.db
    .update(merchants)
    .set({ bankAccountName: "Payday Spa Ltd", bankDetailsSealed: sealBankNumbers(KEY, { sortCode: "201530", accountNumber: "41234567" }), bankAccountLast4: "4567" })
    .where(eq(merchants.id, merchantId));
  const deal = await insertDeal(database.db, basics, { merchantId });
  voucherCode = (await insertVoucher(database.db, deal, { paidCard: 5000, redeemedAt: new Date("2026-11-24T10:00:00Z"), status: "REDEEMED" })).code;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("merchant payouts", () => {
  it("finance runs, approves, files, downloads and pays; the merchant reads the statement; nobody else does", async () => {
    const finance = await signedInStaff(app, database.db, clock, { role: "finance", name: "Fran Finance", ip: "198.51.100.31" });
    const listing = pageText(await pageHtml(await finance.request("/admin/payouts")));
    expect(listing).toContain("The latest cut-off was 25 November 2026 at 14:00 (UK time): not run yet.");

    const run = await finance.request("/admin/payouts", { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "run" } });
    expect(pageText(await pageHtml(run))).toContain("1 payout drafted: approve them below.");
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.merchantId, merchantId));
    expect(payout).toMatchObject({ status: "draft", grossSales: 5000, commission: 1000, amount: 4000 });
    const shown = pageText(await pageHtml(await finance.request(`/admin/payouts/${payout.id}`)));
    expect(shown).toContain(`Payout ${payout.id}: £40.00`);
    expect(shown).toContain(voucherCode);

    // Not paid before it is in a bank file; a failure needs the bank's reason.
    const early = await finance.request(`/admin/payouts/${payout.id}`, { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "paid" } });
    expect(early.status).toBe(409);
    expect(await finance.request(`/admin/payouts/${payout.id}`, { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "approve" } })).toHaveProperty("status", 200);
    const noReason = await finance.request(`/admin/payouts/${payout.id}`, { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "failed", failureReason: " " } });
    expect(noReason.status).toBe(400);
    expect(pageText(await pageHtml(noReason))).toContain("Say why the payment failed");

    const filed = await finance.request("/admin/payouts", { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "bank-file" } });
    const fileId = /Bank file (\d+) is ready/.exec(pageText(await pageHtml(filed)))?.[1];
    expect(fileId).toBeDefined();
    const bacs = await finance.request(`/admin/payouts/bank-files/${fileId}/bacs.csv`);
    expect(bacs.headers.get("content-disposition")).toContain(`bacs-${fileId}.csv`);
    expect(await bacs.text()).toBe(`201530,41234567,PAYDAY SPA LTD,40.00,DEALWISE PAYOUT ${payout.id},99\r\n`);
    expect((await finance.request("/admin/payouts/bank-files/99999/bacs.csv")).status).toBe(404);
    expect((await finance.request("/admin/payouts/bank-files/abc/bacs.csv")).status).toBe(404);
    expect(await finance.request(`/admin/payouts/${payout.id}`, { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "paid" } })).toHaveProperty("status", 200);
    const audit = await database.db.select({ action: auditEvents.action, actor: auditEvents.actorName }).from(auditEvents).orderBy(asc(auditEvents.id));
    expect(audit.map((row) => row.action)).toEqual(["payout.run", "payout.approve", "payout.bank-file", "payout.bank-file-download", "payout.paid"]);
    expect(audit.every((row) => row.actor === "Fran Finance")).toBe(true);

    const till = await signedInMerchantUser(app, database.db, clock, { merchantId, email: "payday@example.com", ip: "198.51.100.32" });
    const portal = pageText(await pageHtml(await till.request("/merchant/payouts")));
    expect(portal).toContain(`Payout ${payout.id}`);
    expect(portal).toContain("Paid");
    const statement = pageText(await pageHtml(await till.request(`/merchant/payouts/${payout.id}`)));
    expect(statement).toContain("Paid to you");
    expect(statement).toContain(voucherCode);
    const csv = await (await till.request(`/merchant/payouts/${payout.id}/statement.csv`)).text();
    expect(csv).toContain("Paid to you,40.00");
    const pdf = await till.request(`/merchant/payouts/${payout.id}/statement.pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    const neighbour = await signedInMerchantUser(app, database.db, clock, { merchantId: otherMerchantId, email: "nosy@example.com", ip: "198.51.100.33" });
    expect((await neighbour.request(`/merchant/payouts/${payout.id}`)).status).toBe(404);
    expect((await neighbour.request(`/merchant/payouts/${payout.id}/statement.csv`)).status).toBe(404);
    expect(pageText(await pageHtml(await neighbour.request("/merchant/payouts")))).not.toContain(`Payout ${payout.id}`);
  });

  it("answers clear 4xx errors to unknown payouts and actions", async () => {
    const finance = await signedInStaff(app, database.db, clock, { role: "finance", name: "Finn", ip: "198.51.100.34" });
    expect((await finance.request("/admin/payouts/99999")).status).toBe(404);
    expect((await finance.request("/admin/payouts/-1")).status).toBe(404);
    const unknown = await finance.request("/admin/payouts", { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "launch" } });
    expect(unknown.status).toBe(400);
    const again = await finance.request("/admin/payouts", { method: "POST", form: { _csrf: await finance.csrfToken(), intent: "bank-file" } });
    expect(again.status).toBe(409);
    expect(pageText(await pageHtml(again))).toContain("There are no approved payouts in pounds waiting for a bank file.");
  });
});
