import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { memo } from "../../lib/memo";
import { scrollerConfigurations } from "./schema";

/** Spec discovery §3 "Scroller config entry". */
export interface ScrollerConfig {
  siteLocation: string | null;
  pageLocation: string;
  specialSearchTag: string | null;
  searchTerm: string | null;
  location: string | null;
  category: string | null;
  subCategory: string | null;
  backgroundImage: string | null;
  ctaLabel: string | null;
  ctaLink: string | null;
  header: string;
  subHeader: string | null;
}

/** Scrollers are editorial configuration: read at most once a minute per brand and page. */
const SCROLLERS_TTL_MS = 60_000;

export function listScrollerConfiguration(db: Db, brand: BrandId, pageLocation?: string): Promise<ScrollerConfig[]> {
  return memo(db, `scrollers:${brand}:${pageLocation ?? "*"}`, SCROLLERS_TTL_MS, () => readScrollerConfiguration(db, brand, pageLocation));
}

async function readScrollerConfiguration(db: Db, brand: BrandId, pageLocation?: string): Promise<ScrollerConfig[]> {
  const rows = await db
    .select()
    .from(scrollerConfigurations)
    .where(and(eq(scrollerConfigurations.brand, brand), pageLocation ? eq(scrollerConfigurations.pageLocation, pageLocation) : undefined))
    .orderBy(asc(scrollerConfigurations.sortOrder), asc(scrollerConfigurations.id));
  return rows.map(({ id: _id, brand: _brand, sortOrder: _sortOrder, ...config }) => config);
}

/** The deals a scroller lists: a special tag's or a category's listing in the visitor's location; null when it names neither. */
export function scrollerFeedPath(config: Pick<ScrollerConfig, "specialSearchTag" | "category">, location: string): string | null {
  if (config.specialSearchTag) return `/deals/${location}/special/${config.specialSearchTag}`;
  if (config.category) return `/deals/${location}/${config.category}`;
  return null;
}
