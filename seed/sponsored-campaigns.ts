import { and, asc, desc, eq, gt } from "drizzle-orm";
import { categories, deals } from "../modules/catalog/schema";
import { sponsoredCampaigns } from "../modules/sponsored/schema";
import type { Db } from "../db/client";
import { Random } from "./random";

/** What demo advertisers buy: keywords and the sub-category whose deals they promote. */
const TARGETS: readonly { subCategory: string; keywords: readonly string[]; targetCategory: boolean }[] = [
  { subCategory: "spa", keywords: ["spa", "pamper", "relax"], targetCategory: true },
  { subCategory: "massage", keywords: ["massage"], targetCategory: false },
  { subCategory: "restaurants", keywords: ["restaurant", "restaurants", "dinner", "dining"], targetCategory: true },
  { subCategory: "afternoon-tea", keywords: ["afternoon", "tea"], targetCategory: false },
  { subCategory: "bottomless-brunch", keywords: ["brunch", "bottomless"], targetCategory: false },
  { subCategory: "experiences", keywords: ["experience", "gift"], targetCategory: true },
  { subCategory: "audio", keywords: ["headphones", "speaker"], targetCategory: false },
  { subCategory: "spa-breaks", keywords: ["break", "hotel", "spa"], targetCategory: true },
  { subCategory: "hotel-breaks", keywords: ["hotel", "break", "getaway"], targetCategory: true },
];
const CAMPAIGNS_PER_TARGET_AND_MARKET = 2;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo sponsored campaigns: for each target and market, the most popular showing deals of the
 * target's sub-category, with deterministic bids and budgets. Returns how many were created.
 */
export async function seedSponsoredCampaigns(db: Db, options: { seed: number; now: Date }): Promise<number> {
  const rng = new Random(options.seed);
  const rows: (typeof sponsoredCampaigns.$inferInsert)[] = [];
  for (const target of TARGETS) {
    for (const countryCode of ["GB", "IE"] as const) {
      const picked = await db
        .select({ id: deals.id, categoryId: deals.categoryId, subCategoryId: deals.subCategoryId })
        .from(deals)
        .innerJoin(categories, eq(categories.id, deals.subCategoryId))
        .where(
          and(
            eq(categories.shortName, target.subCategory),
            eq(deals.countryCode, countryCode),
            eq(deals.published, true),
            eq(deals.open, true),
            gt(deals.closingDate, options.now),
          ),
        )
        .orderBy(desc(deals.totalBought), asc(deals.id))
        .limit(CAMPAIGNS_PER_TARGET_AND_MARKET);
      for (const [n, deal] of picked.entries()) {
        if (rows.some((row) => row.dealId === deal.id)) continue;
        rows.push({
          adId: `ad-${deal.id}-${n + 1}`,
          dealId: deal.id,
          keywords: [...target.keywords],
          categoryIds: target.targetCategory ? [deal.subCategoryId] : [],
          bid: rng.int(2, 30) * 5,
          dailyBudget: rng.int(4, 40) * 500,
          startsAt: new Date(options.now.getTime() - rng.int(1, 30) * DAY),
          endsAt: new Date(options.now.getTime() + rng.int(30, 120) * DAY),
        });
      }
    }
  }
  if (rows.length > 0) await db.insert(sponsoredCampaigns).values(rows);
  return rows.length;
}
