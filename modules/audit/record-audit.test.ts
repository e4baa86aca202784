/**
 * The audit trail: staff changes write their row in the change's own transaction (a change that
 * fails leaves none), with only the fields that changed; the timeline searches by person, entity
 * and dates, a page at a time; the CSV export quotes properly and never runs a formula.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaffMember } from "../../tests/support/staff-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { changeStaffRole } from "../staff/change-staff-role";
import { inviteStaff } from "../staff/invite-staff";
import { auditCsvRow } from "./audit-csv";
import { auditChanges, recordAudit } from "./record-audit";
import { auditEvents } from "./schema";
import { searchAudit } from "./search-audit";

let database: TestDatabase;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let ownerId: number;
let owner: { staffUserId: number; name: string; role: "owner"; ip: string; requestId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = await insertStaffMember(database.db, clock, { email: "olive@example.com", role: "owner", name: "Olive", password: "owner password" });
  owner = { staffUserId: ownerId, name: "Olive", role: "owner", ip: "203.0.113.9", requestId: "req-1" };
});
afterAll(() => database.dispose());

describe("recordAudit", () => {
  it("keeps only the fields that changed", () => {
    expect(auditChanges({ role: "editor", name: "Ed" }, { role: "finance", name: "Ed" })).toEqual({ role: ["editor", "finance"] });
    expect(auditChanges(null, { role: "editor" })).toEqual({ role: [null, "editor"] });
  });

  it("writes a row with who, role, IP and request id when staff change something", async () => {
    const { db } = database;
    const invitation = await inviteStaff(db, clock, owner, { email: "dee@example.com", name: "Dee", role: "deal_manager", brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
    clock.advance(60_000);
    await changeStaffRole(db, clock, owner, { staffUserId: invitation.staffUserId, role: "editor", reason: "moved team" });
    const { events } = await searchAudit(db, { entityType: "staff_user", entityId: String(invitation.staffUserId) });
    expect(events.map((event) => event.action)).toEqual(["staff.role-change", "staff.invite"]);
    expect(events[0]).toMatchObject({ actorName: "Olive", actorRole: "owner", changes: { role: ["deal_manager", "editor"] }, reason: "moved team", ip: "203.0.113.9", requestId: "req-1" });
  });

  it("leaves no row when the change fails (same transaction)", async () => {
    const { db } = database;
    const before = (await db.select().from(auditEvents)).length;
    // The last owner cannot lose the role: the change is refused after nothing was written.
    const other = await insertStaffMember(db, clock, { email: "only-owner-check@example.com", role: "editor" });
    await expect(changeStaffRole(db, clock, { ...owner, staffUserId: other }, { staffUserId: ownerId, role: "analyst" })).rejects.toMatchObject({ code: "LAST_OWNER" });
    // A failure after the row was written rolls the row back with the change.
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: owner, action: "staff.disable", entity: { type: "staff_user", id: other }, before: { disabledAt: null }, after: { disabledAt: "now" } }, clock);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await db.select().from(auditEvents)).length).toBe(before);
  });
});

describe("searchAudit", () => {
  it("pages by person and date, newest first, without repeating a row", async () => {
    const { db } = database;
    const start = new ManualClock("2026-12-01T10:00:00Z");
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, { actor: { staffUserId: 999, name: "Pager", role: "editor" }, action: "deal.edit", entity: { type: "deal", id: i }, before: { price: i }, after: { price: i + 1 } }, start);
      start.advance(1000);
    }
    const first = await searchAudit(db, { staffUserId: 999 }, { size: 2 });
    expect(first.events.map((event) => event.entityId)).toEqual(["4", "3"]);
    const second = await searchAudit(db, { staffUserId: 999 }, { size: 2, after: { at: first.events[1].at, id: first.events[1].id } });
    expect(second.events.map((event) => event.entityId)).toEqual(["2", "1"]);
    const dated = await searchAudit(db, { staffUserId: 999, from: new Date("2026-12-01T10:00:02Z"), until: new Date("2026-12-01T10:00:04Z") });
    expect(dated.events.map((event) => event.entityId)).toEqual(["3", "2"]);
    expect(dated.next).toBeNull();
  });
});

describe("CSV export", () => {
  it("writes a row a spreadsheet opens safely (formulas defused)", () => {
    const row = auditCsvRow({
      id: 1,
      at: new Date("2026-11-28T09:00:00Z"),
      staffUserId: 1,
      actorName: "=cmd",
      actorRole: "owner",
      action: "staff.invite",
      entityType: "staff_user",
      entityId: "2",
      changes: { role: [null, "editor"] },
      reason: null,
      ip: null,
      requestId: null,
    });
    expect(row.startsWith("2026-11-28T09:00:00.000Z,'=cmd,owner,staff.invite,staff_user,2,")).toBe(true);
  });
});
