import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_CHANGED_CHANNEL, parseCacheChanges } from "../../db/cache-changes";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { addScroller, editScroller, listScrollersForStaff, moveScroller, removeScroller, type ScrollerFields } from "./edit-scrollers";
import { listScrollerConfiguration } from "./scrollers";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor", ip: "203.0.113.9", requestId: "req-7" };
const analyst: StaffActor = { staffUserId: 4, name: "Ana", role: "analyst" };
const scroller = (header: string): ScrollerFields => ({
  pageLocation: "homepage",
  header,
  subHeader: null,
  specialSearchTag: "date-night",
  category: null,
  ctaLabel: null,
  ctaLink: null,
});

let database: TestDatabase;
const announced: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.listen(CACHE_CHANGED_CHANNEL, (payload) => announced.push(...parseCacheChanges(payload)));
});
afterAll(async () => database?.dispose());

const headers = async () => (await listScrollerConfiguration(database.db, "wowcher", "homepage")).map((row) => row.header);
const auditsOf = (action: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityType, "scroller")));

describe("staff edit the home page's scrollers", () => {
  it("adds, renames, moves and removes scrollers; shoppers' memoised list shows each change at once, each change audited and announced", async () => {
    expect(await headers()).toEqual([]);
    const first = await addScroller(database.db, clock, editor, "wowcher", scroller("Date night ideas"));
    const second = await addScroller(database.db, clock, editor, "wowcher", scroller("Time to unwind"));
    expect(await headers()).toEqual(["Date night ideas", "Time to unwind"]);

    await editScroller(database.db, clock, editor, first, { ...scroller("Dinner for two"), subHeader: "Tables for two" });
    expect(await headers()).toEqual(["Dinner for two", "Time to unwind"]);
    const [edit] = await auditsOf("scroller.edit");
    expect(edit.changes).toEqual({ header: ["Date night ideas", "Dinner for two"], subHeader: [null, "Tables for two"] });
    expect(edit.actorName).toBe("Eddie");

    await moveScroller(database.db, clock, editor, second, "up");
    expect(await headers()).toEqual(["Time to unwind", "Dinner for two"]);
    // Already first: nothing to do, nothing audited.
    await moveScroller(database.db, clock, editor, second, "up");
    expect(await auditsOf("scroller.reorder")).toHaveLength(1);

    await removeScroller(database.db, clock, editor, first);
    expect(await headers()).toEqual(["Time to unwind"]);
    expect((await auditsOf("scroller.remove"))[0].changes).toMatchObject({ header: ["Dinner for two", null] });
    expect(announced).toContain("shell:all");
  });

  it("lists each brand's own scrollers only", async () => {
    await addScroller(database.db, clock, editor, "wowcherie", { ...scroller("Irish treats"), pageLocation: "homepage" });
    expect((await listScrollersForStaff(database.db, "wowcherie", "homepage")).map((row) => row.header)).toEqual(["Irish treats"]);
    expect((await listScrollersForStaff(database.db, "wowcher", "homepage")).map((row) => row.header)).not.toContain("Irish treats");
  });

  it("refuses a role without content.edit and a scroller that is gone", async () => {
    await expect(addScroller(database.db, clock, analyst, "wowcher", scroller("Nope"))).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
    await expect(editScroller(database.db, clock, editor, 999_999, scroller("Gone"))).rejects.toMatchObject({ code: "SCROLLER_NOT_FOUND" });
  });
});
