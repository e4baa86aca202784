import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { insertNavigationItems } from "../../tests/support/catalog-fixtures";
import type { StaffActor } from "../staff/staff-actor";
import { listNavigation } from "./navigation";
import { listNavigationForStaff, moveNavigationItem, renameNavigationItem, setNavigationItemHidden } from "./navigation-editing";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor" };
const dealManager: StaffActor = { staffUserId: 5, name: "Dee", role: "deal_manager" };
const location = { id: 1, name: "London", shortName: "london" };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertNavigationItems(database.db, "IE", ["Beauty", "Travel", "Gifts"]);
});
afterAll(async () => database?.dispose());

const headerNames = async () => (await listNavigation(database.db, { countryCode: "IE", location })).map((item) => item.linkText);

describe("staff order and rename a market's navigation", () => {
  it("moves an item first and renames it; the shop's header (memoised) shows both at once, each audited", async () => {
    expect(await headerNames()).toEqual(["Beauty", "Travel", "Gifts"]);
    const gifts = (await listNavigationForStaff(database.db, "IE")).find((item) => item.linkText === "Gifts")!;
    await moveNavigationItem(database.db, clock, editor, "IE", gifts.id, "up");
    await moveNavigationItem(database.db, clock, editor, "IE", gifts.id, "up");
    expect(await headerNames()).toEqual(["Gifts", "Beauty", "Travel"]);
    await renameNavigationItem(database.db, clock, editor, gifts.id, "Christmas gifts");
    expect(await headerNames()).toEqual(["Christmas gifts", "Beauty", "Travel"]);

    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.actorName, "Eddie"));
    expect(audits.map((row) => row.action)).toEqual(["navigation.reorder", "navigation.reorder", "navigation.rename"]);
    expect(audits[1].changes).toEqual({
      order: [
        ["beauty", "gifts", "travel"],
        ["gifts", "beauty", "travel"],
      ],
    });
    expect(audits[2].changes).toEqual({ linkText: ["Gifts", "Christmas gifts"] });
  });

  it("hides an item from the header, keeping its place, and shows it again; each audited once", async () => {
    const before = await headerNames();
    const [first] = await listNavigationForStaff(database.db, "IE");
    await setNavigationItemHidden(database.db, clock, editor, first.id, true);
    await setNavigationItemHidden(database.db, clock, editor, first.id, true);
    expect(await headerNames()).toEqual(before.slice(1));
    expect((await listNavigationForStaff(database.db, "IE")).map((item) => [item.id, item.hidden])[0]).toEqual([first.id, true]);
    await setNavigationItemHidden(database.db, clock, editor, first.id, false);
    expect(await headerNames()).toEqual(before);
    const audits = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(first.id)));
    expect(audits.map((row) => row.action).filter((action) => action === "navigation.hide" || action === "navigation.show")).toEqual(["navigation.hide", "navigation.show"]);
    await expect(setNavigationItemHidden(database.db, clock, dealManager, first.id, true)).rejects.toMatchObject({ code: "NAVIGATION_NOT_YOUR_ROLE" });
  });

  it("refuses a role without content.edit", async () => {
    const [first] = await listNavigationForStaff(database.db, "IE");
    await expect(renameNavigationItem(database.db, clock, dealManager, first.id, "Nope")).rejects.toMatchObject({ code: "NAVIGATION_NOT_YOUR_ROLE" });
    await expect(moveNavigationItem(database.db, clock, editor, "GB", first.id, "down")).rejects.toMatchObject({ code: "NAVIGATION_ITEM_NOT_FOUND" });
  });
});
