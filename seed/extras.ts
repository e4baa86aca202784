import type { dealPreviewTokens, dealTags } from "../modules/catalog/schema";
import { CONTENT_PAGES } from "./data/content-pages";
import { SPECIAL_TAGS } from "./data/special-tags";
import type { GeneratedDeal } from "./deals";
import type { Random } from "./random";

export type NewDealTag = typeof dealTags.$inferInsert;
export type NewPreviewToken = typeof dealPreviewTokens.$inferInsert;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PREVIEW_TOKEN_DAYS = 30;

const TAGS_BY_SUB_CATEGORY = new Map<string, string[]>();
for (const tag of SPECIAL_TAGS) {
  for (const sub of tag.subCategories ?? []) TAGS_BY_SUB_CATEGORY.set(sub, [...(TAGS_BY_SUB_CATEGORY.get(sub) ?? []), tag.slug]);
}

/** Collections the guides (/guides/…) feature: a deal nobody can buy is never recommended there. */
export const GUIDE_TAGS: ReadonlySet<string> = new Set(
  CONTENT_PAGES.filter((page) => page.slug.startsWith("guides/") && page.dealsFeed?.specialTag).map((page) => page.dealsFeed!.specialTag!),
);

/** Collections a deal belongs to: by sub-category, plus price and discount rules; a sold-out deal is in no guide's. */
export function tagsForDeal(generated: GeneratedDeal): NewDealTag[] {
  const { deal } = generated;
  const tags = new Set(TAGS_BY_SUB_CATEGORY.get(generated.subCategory) ?? []);
  if (deal.showPrice !== false && deal.price <= 2000) tags.add("under-20");
  if ((deal.discountPercentage ?? 0) >= 50) tags.add("black-friday");
  if (deal.soldOut) for (const tag of GUIDE_TAGS) tags.delete(tag);
  return [...tags].map((tag) => ({ tag, dealId: deal.id }));
}

/** Unpublished deals get a preview link so editors can check them before they go live. */
export function previewToken(rng: Random, generated: GeneratedDeal, now: number): NewPreviewToken | null {
  if (generated.deal.published !== false) return null;
  const token = Array.from({ length: 4 }, () => rng.int(0, 0xffffffff).toString(16).padStart(8, "0")).join("");
  return { token, dealId: generated.deal.id, expiresAt: new Date(now + PREVIEW_TOKEN_DAYS * DAY) };
}
