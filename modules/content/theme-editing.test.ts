import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { removeTheme, saveTheme } from "./theme-editing";
import { activeSeasonalTheme } from "./themes";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor" };
const december = new Date("2026-12-10T12:00:00Z");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("staff edit seasonal themes", () => {
  it("adds overlapping themes where priority wins, changes and removes them; the memoised theme follows each change at once", async () => {
    expect(await activeSeasonalTheme(database.db, "wowcher", december)).toBeNull();
    const window = { startsAt: new Date("2026-12-01T00:00:00Z"), endsAt: new Date("2026-12-25T23:59:00Z") };
    const christmas = await saveTheme(database.db, clock, editor, null, { name: "christmas", brand: null, ...window, priority: 0 });
    expect(await activeSeasonalTheme(database.db, "wowcher", december)).toBe("christmas");
    const egift = await saveTheme(database.db, clock, editor, null, { name: "christmas-egift", brand: "wowcher", ...window, priority: 10 });
    expect(await activeSeasonalTheme(database.db, "wowcher", december)).toBe("christmas-egift");
    expect(await activeSeasonalTheme(database.db, "wowcherie", december)).toBe("christmas");

    await saveTheme(database.db, clock, editor, egift, { name: "christmas-egift", brand: "wowcher", ...window, priority: -1 });
    expect(await activeSeasonalTheme(database.db, "wowcher", december)).toBe("christmas");
    await removeTheme(database.db, clock, editor, christmas);
    expect(await activeSeasonalTheme(database.db, "wowcher", december)).toBe("christmas-egift");

    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.entityType, "seasonal_theme")).orderBy(auditEvents.id);
    expect(audits.map((row) => row.action)).toEqual(["theme.add", "theme.add", "theme.edit", "theme.remove"]);
    expect(audits[2].changes).toEqual({ priority: [10, -1] });
  });

  it("refuses a window that ends before it starts, and a role without content.edit", async () => {
    const at = new Date("2027-01-01T00:00:00Z");
    await expect(saveTheme(database.db, clock, editor, null, { name: "sale", brand: null, startsAt: at, endsAt: at, priority: 0 })).rejects.toMatchObject({
      code: "THEME_ENDS_BEFORE_START",
    });
    await expect(
      saveTheme(database.db, clock, { ...editor, role: "finance" }, null, { name: "sale", brand: null, startsAt: at, endsAt: new Date("2027-01-02T00:00:00Z"), priority: 0 }),
    ).rejects.toMatchObject({
      code: "NOT_YOUR_ROLE",
    });
  });
});
