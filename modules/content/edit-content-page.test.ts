import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_CHANGED_CHANNEL, parseCacheChanges } from "../../db/cache-changes";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { editContentPage, findContentPageRecord, listContentPagesForStaff } from "./edit-content-page";
import { getContentPage } from "./pages";
import { contentPages } from "./schema";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor", ip: "203.0.113.9", requestId: "req-7" };
const brand = { id: "wowcher" as const, displayName: "Wowcher" };

let database: TestDatabase;
const announced: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.listen(CACHE_CHANGED_CHANNEL, (payload) => announced.push(...parseCacheChanges(payload)));
});
afterAll(async () => database?.dispose());

async function insertPage(slug: string, kind: "page" | "guide" = "page") {
  const [row] = await database.db
    .insert(contentPages)
    .values({ slug, kind, displayName: "About us", description: "Who we are", text: "## Our story\n\nWe started in 2026.", updatedAt: new Date("2026-11-01T10:00:00Z") })
    .returning();
  return row;
}

async function waitForAnnouncement(tag: string) {
  const deadline = Date.now() + 3000;
  while (!announced.includes(tag) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("staff edit a content page's words", () => {
  it("saves the new words for shoppers, audits only what changed, and drops the cached page", async () => {
    const page = await insertPage("aboutus-edit");
    await editContentPage(
      database.db,
      clock,
      editor,
      page.id,
      { displayName: "About us", description: "Who we are", text: "## Our story\n\nWe started in 2026 in London.", additionalText: null },
      page.updatedAt,
    );

    expect((await getContentPage(database.db, "aboutus-edit", brand))?.text).toBe("## Our story\n\nWe started in 2026 in London.");
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(page.id)));
    expect(audit).toMatchObject({ action: "content.edit", entityType: "content_page", actorName: "Eddie", actorRole: "editor", ip: "203.0.113.9", requestId: "req-7" });
    expect(audit.changes).toEqual({ text: ["## Our story\n\nWe started in 2026.", "## Our story\n\nWe started in 2026 in London."] });
    await waitForAnnouncement("content:aboutus-edit");
    expect(announced).toContain("content:aboutus-edit");
  });

  it("refuses to overwrite what someone saved after the editor opened the page, and writes nothing", async () => {
    const page = await insertPage("faqs-edit");
    await editContentPage(database.db, clock, editor, page.id, { displayName: "FAQs", description: "Who we are", text: page.text, additionalText: null }, page.updatedAt);
    await expect(
      editContentPage(database.db, clock, editor, page.id, { displayName: "Questions", description: "Who we are", text: page.text, additionalText: null }, page.updatedAt),
    ).rejects.toMatchObject({ code: "PAGE_CHANGED_MEANWHILE", status: 409 });
    expect((await findContentPageRecord(database.db, page.id))?.displayName).toBe("FAQs");
  });

  it("lets only roles with content.edit change a page; a guide's edit also drops the guides hub", async () => {
    const guide = await insertPage("guides/spa-days-edit", "guide");
    const service: StaffActor = { staffUserId: 5, name: "Cass", role: "customer_service" };
    const copy = { displayName: "Spa days", description: "Where to relax", text: "Relax.", additionalText: null };
    await expect(editContentPage(database.db, clock, service, guide.id, copy, guide.updatedAt)).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
    await editContentPage(database.db, clock, editor, guide.id, copy, guide.updatedAt);
    await waitForAnnouncement("content:guides/hub");
    expect(announced).toEqual(expect.arrayContaining(["content:guides/spa-days-edit", "content:guides/hub"]));
  });

  it("finds pages by words of their slug or name, and by kind", async () => {
    const rows = await listContentPagesForStaff(database.db, { q: "spa" });
    expect(rows.map((row) => row.slug)).toEqual(["guides/spa-days-edit"]);
    expect((await listContentPagesForStaff(database.db, { kind: "guide" })).every((row) => row.kind === "guide")).toBe(true);
    expect(await listContentPagesForStaff(database.db, { q: "100%_" })).toEqual([]);
  });
});
