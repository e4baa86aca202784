/**
 * Background jobs in the back office: the dead ones first, why each stopped, and "Run again" for
 * the owner (audited); an analyst reads the list and cannot run anything.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../modules/audit/schema";
import { jobs } from "../../modules/jobs/schema";
import type { StaffRole } from "../../modules/staff/roles";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let ip = 0;
let deadId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
  const job = (name: string, status: "dead" | "done", lastError: string | null) => ({
    name,
    status,
    lastError,
    runAt: clock.now(),
    attempts: 8,
    createdAt: clock.now(),
    updatedAt: clock.now(),
    finishedAt: clock.now(),
  });
  [{ id: deadId }] = await database.db
    .insert(jobs)
    .values(job("mail.deliver", "dead", "SMTP 550: mailbox unavailable"))
    .returning({ id: jobs.id });
  await database.db.insert(jobs).values(job("vouchers.expire", "done", null));
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  ip += 1;
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}@example.com`, role, name: `${role} person` });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: `198.51.100.${80 + ip}` });
  member.cookies.set("staffSession", session.token);
  return member;
}

describe("the jobs page", () => {
  it("shows the dead jobs first with why they stopped; the owner runs one again, audited", async () => {
    const owner = await signedInAs("owner");
    const page = pageText(await pageHtml(await owner.request("/admin/jobs")));
    expect(page).toContain("mail.deliver Dead (gave up) 8 of 8");
    expect(page).toContain("SMTP 550: mailbox unavailable");
    expect(page).not.toContain("vouchers.expire");
    expect(pageText(await pageHtml(await owner.request("/admin/jobs?status=&name=vouchers.expire")))).toContain("vouchers.expire Done");

    const run = async () => owner.request("/admin/jobs", { method: "POST", form: { _csrf: await owner.csrfToken(), intent: "retry", jobId: String(deadId) } });
    const ran = await run();
    expect(ran.status).toBe(200);
    expect(pageText(await pageHtml(ran))).toContain(`Job ${deadId} (mail.deliver) is waiting to run again`);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, deadId));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "job.retry"));
    expect(audit).toMatchObject({ entityType: "job", entityId: String(deadId), actorRole: "owner" });

    // Twice: it is no longer dead, and nothing changes.
    const again = await run();
    expect(again.status).toBe(409);
    expect(pageText(await pageHtml(again))).toContain(`Job ${deadId} is waiting: only dead jobs can be run again.`);
    const unknown = await owner.request("/admin/jobs", { method: "POST", form: { _csrf: await owner.csrfToken(), intent: "retry", jobId: "99999999" } });
    expect(unknown.status).toBe(404);
  });

  it("lets an analyst read the list but not run a job; customer service may not open it", async () => {
    const analyst = await signedInAs("analyst");
    const page = await pageHtml(await analyst.request("/admin/jobs?status="));
    expect(pageText(page)).toContain("mail.deliver");
    expect(page).not.toContain("Run again");
    const forged = await analyst.request("/admin/jobs", { method: "POST", form: { _csrf: await analyst.csrfToken(), intent: "retry", jobId: String(deadId) } });
    expect(forged.status).toBe(403);
    expect((await (await signedInAs("customer_service")).request("/admin/jobs")).status).toBe(403);
  });
});
