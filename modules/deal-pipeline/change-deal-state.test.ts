import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localDiskStorage } from "../../lib/file-storage";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { deals } from "../catalog/schema";
import { searchDocuments } from "../search/schema";
import type { StaffActor } from "../staff/staff-actor";
import { changeDealState } from "./change-deal-state";
import { dealPipelineJobs } from "./deal-pipeline-jobs";
import { movesFrom } from "./moves";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor: StaffActor = { staffUserId: 3, name: "Eddie", role: "editor", ip: "203.0.113.9", requestId: "req-1" };
const manager: StaffActor = { staffUserId: 4, name: "Mona", role: "deal_manager" };
const service: StaffActor = { staffUserId: 5, name: "Cass", role: "customer_service" };

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(async () => database?.dispose());

async function draftDeal() {
  return (await insertSellable(database.db, basics, { deal: { status: "draft", published: false } })).deal.id;
}
const state = async (id: number) => (await database.db.select({ status: deals.status, published: deals.published }).from(deals).where(eq(deals.id, id)))[0];
const audits = (id: number) => database.db.select().from(auditEvents).where(eq(auditEvents.entityId, String(id))).orderBy(auditEvents.id);
const listed = async (id: number) => (await database.db.select({ listed: searchDocuments.listed }).from(searchDocuments).where(eq(searchDocuments.dealId, id)))[0]?.listed ?? false;

describe("staff move a deal through the pipeline", () => {
  it("an editor sends a draft for review, but only a deal manager approves it; each step audited with who, role and what changed", async () => {
    const id = await draftDeal();
    await changeDealState(database.db, clock, editor, { dealId: id, from: "draft", to: "in_review" });
    await expect(changeDealState(database.db, clock, editor, { dealId: id, from: "in_review", to: "approved" })).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
    await expect(changeDealState(database.db, clock, service, { dealId: id, from: "draft", to: "in_review" })).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
    await changeDealState(database.db, clock, manager, { dealId: id, from: "in_review", to: "approved" });
    expect(await state(id)).toEqual({ status: "approved", published: false });
    const rows = await audits(id);
    expect(rows.map((row) => [row.action, row.actorName, row.actorRole])).toEqual([
      ["deal.in-review", "Eddie", "editor"],
      ["deal.approved", "Mona", "deal_manager"],
    ]);
    expect(rows[0]).toMatchObject({ entityType: "deal", changes: { status: ["draft", "in_review"] }, ip: "203.0.113.9", requestId: "req-1" });
  });

  it("asks for a reason to send back, and writes nothing without one", async () => {
    const id = await draftDeal();
    await changeDealState(database.db, clock, editor, { dealId: id, from: "draft", to: "in_review" });
    await expect(changeDealState(database.db, clock, manager, { dealId: id, from: "in_review", to: "draft", reason: "  " })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    expect((await state(id)).status).toBe("in_review");
    await changeDealState(database.db, clock, manager, { dealId: id, from: "in_review", to: "draft", reason: "Add the parking line to the fine print." });
    expect((await audits(id)).at(-1)).toMatchObject({ action: "deal.draft", reason: "Add the parking line to the fine print." });
  });

  it("schedules only in the future; the go-live job takes it live at its time and into search", async () => {
    const id = await draftDeal();
    await changeDealState(database.db, clock, editor, { dealId: id, from: "draft", to: "in_review" });
    await changeDealState(database.db, clock, manager, { dealId: id, from: "in_review", to: "approved" });
    await expect(changeDealState(database.db, clock, manager, { dealId: id, from: "approved", to: "scheduled", goLiveAt: new Date("2026-11-28T08:00:00Z") })).rejects.toMatchObject({ code: "GO_LIVE_IN_PAST" });
    await changeDealState(database.db, clock, manager, { dealId: id, from: "approved", to: "scheduled", goLiveAt: new Date("2026-11-28T10:00:00Z") });
    expect(await listed(id)).toBe(false);

    const [goLive] = dealPipelineJobs({ storage: localDiskStorage(mkdtempSync(join(tmpdir(), "dealwise-photos-"))) });
    const log = { info: () => {} } as never;
    await goLive.handler({ db: database.db, clock, log, payload: {}, job: { id: 1, attempt: 1 } });
    expect((await state(id)).status).toBe("scheduled");
    clock.advance(60 * 60_000);
    await goLive.handler({ db: database.db, clock, log, payload: {}, job: { id: 2, attempt: 1 } });
    expect(await state(id)).toEqual({ status: "live", published: true });
    expect(await listed(id)).toBe(true);

    // Paused (with its reason), it leaves the search results at once.
    await expect(changeDealState(database.db, clock, manager, { dealId: id, from: "live", to: "paused" })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await changeDealState(database.db, clock, manager, { dealId: id, from: "live", to: "paused", reason: "Merchant asked for a week off" });
    expect(await listed(id)).toBe(false);
  });

  it("refuses a move from a state the deal is no longer in (two members at once), with no audit row", async () => {
    const id = await draftDeal();
    await changeDealState(database.db, clock, editor, { dealId: id, from: "draft", to: "in_review" });
    const before = (await audits(id)).length;
    await expect(changeDealState(database.db, clock, editor, { dealId: id, from: "draft", to: "in_review" })).rejects.toMatchObject({ code: "STATUS_CHANGED_CONCURRENTLY" });
    expect(await audits(id)).toHaveLength(before);
  });

  it("offers each state's moves with the role each needs", () => {
    expect(movesFrom("live").map((move) => [move.label, move.permission, move.reason])).toEqual([
      ["Pause", "deals.approve", "required"],
      ["Close for good", "deals.approve", "required"],
    ]);
    expect(movesFrom("closed")).toEqual([]);
  });
});
