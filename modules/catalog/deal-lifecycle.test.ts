import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { CACHE_CHANGED_CHANNEL, parseCacheChanges } from "../../db/cache-changes";
import { statusHistory } from "../states/transition";
import { DEAL_PROCESS, moveDeal, takeDueDeals } from "./deal-lifecycle";
import { deals } from "./schema";

const at = new Date("2026-11-28T09:00:00Z");
const manager = { type: "staff" as const, id: "7" };

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

const announced: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await database.listen(CACHE_CHANGED_CHANNEL, (payload) => announced.push(...parseCacheChanges(payload)));
});

/** Cache announcements arrive after the commit, in order: waits for one (or gives up after 3 s). */
async function announcement(tag: string): Promise<string[]> {
  const deadline = Date.now() + 3000;
  while (!announced.includes(tag) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return announced.splice(0);
}
afterAll(async () => database?.dispose());

async function draftDeal() {
  const { deal } = await insertSellable(database.db, basics, { deal: { status: "draft", published: false } });
  return deal.id;
}

const dealRow = async (id: number) => (await database.db.select().from(deals).where(eq(deals.id, id)))[0];

describe("a deal's way through the pipeline", () => {
  it("is hidden from shoppers until it is live, and keeps every step with its comments", async () => {
    const id = await draftDeal();
    await moveDeal(database.db, { dealId: id, from: "draft", to: "in_review", actor: manager, at });
    await moveDeal(database.db, { dealId: id, from: "in_review", to: "draft", actor: { type: "staff", id: "8" }, at, reason: "The fine print misses the booking line." });
    await moveDeal(database.db, { dealId: id, from: "draft", to: "in_review", actor: manager, at });
    await moveDeal(database.db, { dealId: id, from: "in_review", to: "approved", actor: { type: "staff", id: "8" }, at });
    expect(await dealRow(id)).toMatchObject({ status: "approved", published: false });

    const goLiveAt = new Date("2026-11-28T10:00:00Z");
    await moveDeal(database.db, { dealId: id, from: "approved", to: "scheduled", actor: manager, at, goLiveAt });
    expect(await takeDueDeals(database.db, "deals.go-live", new Date("2026-11-28T09:59:59Z"))).not.toContain(id);
    expect(await dealRow(id)).toMatchObject({ status: "scheduled", published: false, goLiveAt });

    expect(await takeDueDeals(database.db, "deals.go-live", goLiveAt)).toContain(id);
    expect(await dealRow(id)).toMatchObject({ status: "live", published: true, open: true, goLiveAt: null });

    const history = await statusHistory(database.db, DEAL_PROCESS, id);
    expect(history.map((event) => event.toStatus)).toEqual(["in_review", "draft", "in_review", "approved", "scheduled", "live"]);
    expect(history[1].reason).toBe("The fine print misses the booking line.");
    expect(history[5]).toMatchObject({ actorType: "system", actorId: "deals.go-live" });
  });

  it("pauses (hidden) and closes (shown, no longer sold); a closed deal stays closed", async () => {
    const id = await draftDeal();
    for (const [from, to] of [
      ["draft", "in_review"],
      ["in_review", "approved"],
      ["approved", "live"],
      ["live", "paused"],
    ] as const) {
      await moveDeal(database.db, { dealId: id, from, to, actor: manager, at });
    }
    expect(await dealRow(id)).toMatchObject({ status: "paused", published: false });
    await moveDeal(database.db, { dealId: id, from: "paused", to: "closed", actor: manager, at, reason: "Merchant closed" });
    expect(await dealRow(id)).toMatchObject({ status: "closed", published: true, open: false });
    await expect(moveDeal(database.db, { dealId: id, from: "closed", to: "live", actor: manager, at })).rejects.toMatchObject({ code: "STATUS_TRANSITION_NOT_ALLOWED" });
  });

  it("drops a deal's cached pages at every move, and its market's listing pages when it joins or leaves the shop", async () => {
    const id = await draftDeal();
    announced.splice(0);
    await moveDeal(database.db, { dealId: id, from: "draft", to: "in_review", actor: manager, at });
    expect(await announcement(`deal:${id}`)).toEqual([`deal:${id}`]);
    await moveDeal(database.db, { dealId: id, from: "in_review", to: "approved", actor: manager, at });
    await announcement(`deal:${id}`);
    await moveDeal(database.db, { dealId: id, from: "approved", to: "live", actor: manager, at });
    expect(await announcement("listings:GB")).toEqual([`deal:${id}`, "listings:GB"]);
    await moveDeal(database.db, { dealId: id, from: "live", to: "paused", actor: manager, at, reason: "Merchant asked" });
    expect(await announcement("listings:GB")).toEqual([`deal:${id}`, "listings:GB"]);
  });

  it("refuses to skip review, and writes nothing when refused", async () => {
    const id = await draftDeal();
    await expect(moveDeal(database.db, { dealId: id, from: "draft", to: "live", actor: manager, at })).rejects.toMatchObject({ code: "STATUS_TRANSITION_NOT_ALLOWED" });
    expect(await dealRow(id)).toMatchObject({ status: "draft", published: false });
    expect(await statusHistory(database.db, DEAL_PROCESS, id)).toEqual([]);
  });

  it("leaves a deal unscheduled between the job's read and its move where staff put it", async () => {
    const id = await draftDeal();
    for (const [from, to] of [
      ["draft", "in_review"],
      ["in_review", "approved"],
    ] as const)
      await moveDeal(database.db, { dealId: id, from, to, actor: manager, at });
    await moveDeal(database.db, { dealId: id, from: "approved", to: "scheduled", actor: manager, at, goLiveAt: at });
    await moveDeal(database.db, { dealId: id, from: "scheduled", to: "approved", actor: manager, at });
    expect(await takeDueDeals(database.db, "deals.go-live", at)).not.toContain(id);
    expect(await dealRow(id)).toMatchObject({ status: "approved", published: false });
  });

  it("closes a live or paused deal at its closing time, to the minute, and leaves one still running", async () => {
    const closingDate = new Date("2026-12-01T18:00:00Z");
    const ids: number[] = [];
    for (const paused of [false, true, false]) {
      const { deal } = await insertSellable(database.db, basics, { deal: { status: paused ? "paused" : "live", published: !paused, closingDate } });
      ids.push(deal.id);
    }
    await database.db
      .update(deals)
      .set({ closingDate: new Date("2026-12-02T18:00:00Z") })
      .where(eq(deals.id, ids[2]));

    expect(await takeDueDeals(database.db, "deals.close", new Date("2026-12-01T17:59:59Z"))).toEqual(expect.not.arrayContaining(ids));
    const closed = await takeDueDeals(database.db, "deals.close", closingDate);
    expect(closed).toEqual(expect.arrayContaining(ids.slice(0, 2)));
    expect(closed).not.toContain(ids[2]);
    expect(await dealRow(ids[0])).toMatchObject({ status: "closed", published: true, open: false });
    expect(await dealRow(ids[1])).toMatchObject({ status: "closed", open: false });
    expect(await dealRow(ids[2])).toMatchObject({ status: "live", open: true });
    expect((await statusHistory(database.db, DEAL_PROCESS, ids[1])).at(-1)).toMatchObject({
      fromStatus: "paused",
      toStatus: "closed",
      actorType: "system",
      actorId: "deals.close",
    });
  });
});
