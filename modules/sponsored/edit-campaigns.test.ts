import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { listCampaignsForStaff, parseCampaignForm, saveCampaign } from "./edit-campaigns";
import { findSponsoredCandidates } from "./find-candidates";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const manager = { staffUserId: 3, name: "Dana Manager", role: "deal_manager" as const };
const editor = { staffUserId: 4, name: "Edna Editor", role: "editor" as const };
const times = { startsAt: new Date("2026-11-29T00:00:00Z"), endsAt: null };
let database: TestDatabase;
let dealId: number;
let spaCategory: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  dealId = (await insertSellable(database.db, basics, {})).deal.id;
  spaCategory = basics.spa.id;
});
afterAll(async () => database?.dispose());

const form = (overrides: Record<string, string> = {}) => ({
  dealId: String(dealId),
  keywords: "Spa, massage  spa",
  categoryIds: "",
  bid: "0.40",
  dailyBudget: "20",
  active: "on",
  ...overrides,
});

describe("the campaign form", () => {
  it("reads words lower-cased once each, pounds as pence, and a blank end as running until switched off", () => {
    expect(parseCampaignForm(form(), times)).toEqual({
      ok: true,
      fields: { dealId, keywords: ["spa", "massage"], categoryIds: [], bid: 40, dailyBudget: 2000, active: true, startsAt: times.startsAt, endsAt: null },
    });
  });

  it("names every problem: nothing to show it for, a budget below one click, no start", () => {
    expect(parseCampaignForm(form({ keywords: "", dailyBudget: "0.20" }), { startsAt: null, endsAt: null })).toEqual({
      ok: false,
      fieldErrors: {
        keywords: "Enter at least one search word or one category: otherwise the campaign never shows.",
        dailyBudget: "The daily budget must be at least one click's bid.",
        startsAt: "Enter the date and time it starts.",
      },
    });
  });
});

describe("saving campaigns", () => {
  it("a deal manager's new campaign is found by the next search for its words, and switching it off hides it; both audited", async () => {
    const parsed = parseCampaignForm(form(), times);
    if (!parsed.ok) throw new Error("form refused");
    const saved = await saveCampaign(database.db, clock, manager, null, parsed.fields);
    if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
    const search = () => findSponsoredCandidates(database.db, { keywords: ["massage"], categoryIds: [], now: clock.now(), limit: 5 });
    expect((await search()).map((candidate) => [candidate.dealId, candidate.bid])).toEqual([[dealId, 40]]);
    await saveCampaign(database.db, clock, manager, saved.id, { ...parsed.fields, active: false });
    expect(await search()).toEqual([]);
    const [row] = await listCampaignsForStaff(database.db, clock.now());
    expect([row.campaign.id, row.campaign.active, row.clicksToday, row.spendToday]).toEqual([saved.id, false, 0, 0]);
    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.entityType, "sponsored_campaign"));
    expect(audits.map((audit) => audit.action)).toEqual(["sponsored.add", "sponsored.edit"]);
  });

  it("names an unknown deal and category by their fields; an editor may not manage campaigns", async () => {
    const parsed = parseCampaignForm(form({ dealId: "999999999", categoryIds: `${spaCategory}, 987654` }), times);
    if (!parsed.ok) throw new Error("form refused");
    expect(await saveCampaign(database.db, clock, manager, null, parsed.fields)).toEqual({
      ok: false,
      fieldErrors: { dealId: "There is no deal with that number.", categoryIds: "No category has the number 987654." },
    });
    await expect(saveCampaign(database.db, clock, editor, null, parsed.fields)).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
  });
});
