/**
 * The back office's sponsored campaigns: which deal a campaign promotes in search, for which words
 * or categories, its bid per click, daily budget, window and whether it is switched on. Each change
 * is checked (the deal must exist; it must target something, or it would never show), audited in
 * its transaction, and read by the next search (docs/decisions/sponsored-campaigns-editing.md).
 */
import { randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { parseMajorUnits } from "../../lib/money";
import { findAdminDeal } from "../catalog/admin-deals";
import { knownCategoryIds } from "../catalog/category-records";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { SponsoredError } from "./errors";
import { sponsoredCampaigns, sponsoredDailyStats } from "./schema";

export interface CampaignFields {
  dealId: number;
  keywords: string[];
  categoryIds: number[];
  /** Minor units per click. */
  bid: number;
  /** Minor units a UK day. */
  dailyBudget: number;
  active: boolean;
  startsAt: Date;
  endsAt: Date | null;
}

export type CampaignForm = { ok: true; fields: CampaignFields } | { ok: false; fieldErrors: Record<string, string> };

const MAX_KEYWORDS = 20;
const MAX_BID = 50_00;
const MAX_DAILY_BUDGET = 10_000_00;

/**
 * Reads the form (times already turned into instants by the page, null when unreadable); every
 * problem at once, keyed by field name. Keywords are single words as search splits a query.
 */
export function parseCampaignForm(raw: Record<string, string>, times: { startsAt: Date | null; endsAt: Date | null }): CampaignForm {
  const fieldErrors: Record<string, string> = {};
  const dealText = (raw.dealId ?? "").trim();
  if (!/^\d{1,9}$/.test(dealText)) fieldErrors.dealId = "Enter the number of the deal to promote (from the deals table).";
  const keywords = [
    ...new Set(
      (raw.keywords ?? "")
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ];
  if (keywords.length > MAX_KEYWORDS || keywords.some((word) => !/^[\p{L}\p{N}-]{2,40}$/u.test(word)))
    fieldErrors.keywords = "Enter at most 20 single words of 2 to 40 letters or digits, separated by commas or spaces.";
  const categoryParts = (raw.categoryIds ?? "").split(/[\s,]+/).filter(Boolean);
  if (categoryParts.some((part) => !/^\d{1,9}$/.test(part))) fieldErrors.categoryIds = "Enter category numbers separated by commas, or leave it blank.";
  const categoryIds = [...new Set(categoryParts.map(Number))];
  if (keywords.length === 0 && categoryParts.length === 0) fieldErrors.keywords = "Enter at least one search word or one category: otherwise the campaign never shows.";
  const money = (name: "bid" | "dailyBudget") => {
    const value = (raw[name] ?? "").trim().replace(/^[£€]/, "").replace(/,/g, "");
    return value ? parseMajorUnits(value) : null;
  };
  const bid = money("bid");
  const dailyBudget = money("dailyBudget");
  if (bid === null || bid <= 0 || bid > MAX_BID) fieldErrors.bid = "Enter the amount paid per click, above 0 and at most 50.00.";
  if (dailyBudget === null || dailyBudget <= 0 || dailyBudget > MAX_DAILY_BUDGET) fieldErrors.dailyBudget = "Enter the most spent in a day, above 0 and at most 10,000.00.";
  else if (bid !== null && dailyBudget < bid) fieldErrors.dailyBudget = "The daily budget must be at least one click's bid.";
  if (!times.startsAt) fieldErrors.startsAt = "Enter the date and time it starts.";
  if ((raw.endsAt ?? "").trim() && !times.endsAt) fieldErrors.endsAt = "Enter the date and time it ends, or leave it blank to run until switched off.";
  else if (times.startsAt && times.endsAt && times.endsAt <= times.startsAt) fieldErrors.endsAt = "Enter an end after the start.";
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    fields: { dealId: Number(dealText), keywords, categoryIds, bid: bid!, dailyBudget: dailyBudget!, active: raw.active === "on", startsAt: times.startsAt!, endsAt: times.endsAt },
  };
}

/** Campaigns newest first, with their deal's headline and today's (UK day) clicks and spend. */
export async function listCampaignsForStaff(db: Db, now: Date, limit = 200) {
  const today = localDate(now, marketTimeZone("GB"));
  return db
    .select({
      campaign: sponsoredCampaigns,
      clicksToday: sql<number>`coalesce(${sponsoredDailyStats.clicks}, 0)`.mapWith(Number),
      spendToday: sql<number>`coalesce(${sponsoredDailyStats.spend}, 0)`.mapWith(Number),
    })
    .from(sponsoredCampaigns)
    .leftJoin(sponsoredDailyStats, sql`${sponsoredDailyStats.campaignId} = ${sponsoredCampaigns.id} and ${sponsoredDailyStats.day} = ${today}::date`)
    .orderBy(desc(sponsoredCampaigns.id))
    .limit(limit);
}

export type CampaignSave = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string> };

const shown = (fields: CampaignFields) => ({ ...fields, startsAt: fields.startsAt.toISOString(), endsAt: fields.endsAt?.toISOString() ?? null });

/** Adds a campaign (no id) or changes one, audited; an unknown deal or category is named by its field. */
export async function saveCampaign(db: Db, clock: Clock, actor: StaffActor, id: number | null, fields: CampaignFields): Promise<CampaignSave> {
  if (!actor.role || !hasPermission(actor.role, "promotions.manage")) throw new SponsoredError("NOT_YOUR_ROLE");
  const [deal, known] = await Promise.all([findAdminDeal(db, fields.dealId), knownCategoryIds(db, fields.categoryIds)]);
  const fieldErrors: Record<string, string> = {};
  if (!deal) fieldErrors.dealId = "There is no deal with that number.";
  const unknown = fields.categoryIds.filter((categoryId) => !known.has(categoryId));
  if (unknown.length > 0) fieldErrors.categoryIds = `No category has the number ${unknown.join(", ")}.`;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const saved = await db.transaction(async (tx) => {
    let before: CampaignFields | null = null;
    let campaignId = id;
    if (campaignId === null) {
      [{ id: campaignId }] = await tx
        .insert(sponsoredCampaigns)
        .values({ ...fields, adId: `ad-${fields.dealId}-${randomBytes(6).toString("hex")}` })
        .returning({ id: sponsoredCampaigns.id });
    } else {
      const [row] = await tx.select().from(sponsoredCampaigns).where(eq(sponsoredCampaigns.id, campaignId)).for("update");
      if (!row) throw new SponsoredError("CAMPAIGN_NOT_FOUND");
      before = {
        dealId: row.dealId,
        keywords: row.keywords,
        categoryIds: row.categoryIds,
        bid: row.bid,
        dailyBudget: row.dailyBudget,
        active: row.active,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
      };
      await tx.update(sponsoredCampaigns).set(fields).where(eq(sponsoredCampaigns.id, campaignId));
    }
    await recordStaffChange(tx, clock, actor, {
      action: before ? "sponsored.edit" : "sponsored.add",
      entity: { type: "sponsored_campaign", id: campaignId },
      before: before && shown(before),
      after: shown(fields),
    });
    return campaignId;
  });
  return { ok: true, id: saved };
}
