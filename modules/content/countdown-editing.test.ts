import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { listCountdownsForStaff, removeCountdown, saveCountdown } from "./countdown-editing";
import { readCountdown } from "./themes";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor" };
const financeActor: StaffActor = { staffUserId: 4, name: "Fin", role: "finance" };
const during = new Date("2026-11-29T12:00:00Z");
const window = { startsAt: new Date("2026-11-28T00:00:00Z"), endsAt: new Date("2026-11-30T23:59:00Z") };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("staff edit countdown bars", () => {
  it("adds a bar the site shows inside its window only, changes its words, removes it; each audited", async () => {
    const id = await saveCountdown(database.db, clock, editor, null, { brand: "wowcherie", label: "Black Friday ends in", link: "/deals/dublin", ...window });
    expect(await readCountdown(database.db, "wowcherie", during)).toEqual({ label: "Black Friday ends in", link: "/deals/dublin", endsAt: "2026-11-30T23:59:00.000Z" });
    expect(await readCountdown(database.db, "wowcherie", new Date("2026-12-01T00:00:00Z"))).toBeNull();
    expect(await readCountdown(database.db, "wowcher", during)).toBeNull();

    await saveCountdown(database.db, clock, editor, id, { brand: "wowcherie", label: "Last chance: ends in", link: null, ...window });
    expect((await readCountdown(database.db, "wowcherie", during))?.label).toBe("Last chance: ends in");
    await removeCountdown(database.db, clock, editor, id);
    expect(await readCountdown(database.db, "wowcherie", during)).toBeNull();
    expect(await listCountdownsForStaff(database.db)).toEqual([]);

    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.entityType, "countdown_banner"));
    expect(audits.map((row) => row.action)).toEqual(["countdown.add", "countdown.edit", "countdown.remove"]);
  });

  it("refuses a bar that is already over or ends before it starts, and a role without content.edit", async () => {
    await expect(
      saveCountdown(database.db, clock, editor, null, {
        brand: "wowcher",
        label: "Ended",
        link: null,
        startsAt: new Date("2026-11-01T00:00:00Z"),
        endsAt: new Date("2026-11-27T00:00:00Z"),
      }),
    ).rejects.toMatchObject({
      code: "COUNTDOWN_ALREADY_OVER",
    });
    await expect(
      saveCountdown(database.db, clock, editor, null, { brand: "wowcher", label: "Backwards", link: null, startsAt: window.endsAt, endsAt: window.startsAt }),
    ).rejects.toMatchObject({
      code: "THEME_ENDS_BEFORE_START",
    });
    await expect(saveCountdown(database.db, clock, financeActor, null, { brand: "wowcher", label: "Nope", link: null, ...window })).rejects.toMatchObject({
      code: "NOT_YOUR_ROLE",
    });
    expect(await listCountdownsForStaff(database.db)).toEqual([]);
  });
});
