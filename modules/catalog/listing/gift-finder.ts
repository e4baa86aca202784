/**
 * The gift finder ({location}/gift-finder[/gifts-for-{recipient}], Irish /deal/{location}/gift-finder):
 * gift deals of a location and the whole market narrowed by recipient, personality and price band,
 * with faceted counts. Deals and counts come from the listing query (deal-query.ts); recipients
 * and personalities are special tags (deal_tags, whose primary key (tag, deal_id) the counts use).
 */
import { type SQL, and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Brand } from "../../../lib/brand";
import { marketTimeZone, startOfMarketDay } from "../../../lib/market-time";
import { memo } from "../../../lib/memo";
import type { DealTile } from "../deal-tile";
import { CatalogError } from "../errors";
import { type Location, findLocation } from "../locations";
import {
  GIFT_PERSONALITIES,
  GIFT_PRICE_BANDS,
  GIFT_RECIPIENTS,
  type GiftFinderOption,
  type GiftFinderSelection,
  type GiftPriceBand,
  giftFinderHref,
  priceBandLabel,
  priceBandRange,
} from "../rules/gift-finder";
import { dealTags, deals } from "../schema";
import { type DealScope, NO_PRICE_FILTER, type PriceFilter, queryDealTiles, scopeCondition } from "./deal-query";
import type { FacetedNavigation } from "./list-deals";

/** Gifts per page: two rows more than a listing's nine, as a gift list is browsed rather than searched. */
export const GIFT_FINDER_PAGE_SIZE = 18;
const COUNT_TTL_MS = 60_000;

export interface GiftFinderFacet {
  id: string;
  label: string;
  /** Deals this choice would list, given the other choices. */
  count: number;
  url: string;
  isActive: boolean;
}

export interface GiftFinderPage {
  location: Pick<Location, "id" | "name" | "shortName">;
  /** Path of the finder without a recipient: /london/gift-finder (Irish: /deal/dublin/gift-finder). */
  root: string;
  selection: { recipient: string | null; personality: string | null; price: GiftPriceBand | null };
  heading: string;
  resultsHeading: string;
  metaTitle: string;
  description: string;
  canonicalUrl: string;
  /** Spec shape: the recipients as navigations, the listed count and an "All gifts" default. */
  facetedNavigation: FacetedNavigation;
  recipients: GiftFinderFacet[];
  personalities: GiftFinderFacet[];
  priceBands: GiftFinderFacet[];
  /** Clears personality and price, keeping the recipient. */
  clearUrl: string | null;
  deals: DealTile[];
  total: number;
  page: number;
  pageCount: number;
}

export interface GiftFinderRequest {
  brand: Brand;
  now: Date;
  location: string;
  selection: GiftFinderSelection;
  page: number;
}

/** The finder's root path for a brand: the Irish sites keep theirs under /deal (spec discovery §2). */
export function giftFinderRoot(brand: Brand, locationSlug: string): string {
  return brand.countryCode === "IE" ? `/deal/${locationSlug}/gift-finder` : `/${locationSlug}/gift-finder`;
}

export async function findGifts(db: Db, request: GiftFinderRequest): Promise<GiftFinderPage> {
  const { brand, now, selection } = request;
  const location = await findLocation(db, brand.countryCode, request.location);
  if (!location) throw new CatalogError("LOCATION_NOT_FOUND");
  const root = giftFinderRoot(brand, location.shortName);
  const base: DealScope = { countryCode: brand.countryCode, locationId: location.id, withNonLocal: true };
  const prices = selection.price === null ? NO_PRICE_FILTER : priceBandRange(selection.price);
  const dayKey = `${startOfMarketDay(now, marketTimeZone(brand.countryCode)).getTime()}:${location.id}`;

  const [recipientCounts, personalityCounts, bandCounts] = await Promise.all([
    // Recipients need no "meant for a recipient" test: joining on their tags is one.
    countByTag(db, `${dayKey}:r:${selection.personality?.id}:${selection.price}`, GIFT_RECIPIENTS, { ...base, searchTag: selection.personality?.searchTag }, now, prices, false),
    countByTag(db, `${dayKey}:p:${selection.recipient?.id}:${selection.price}`, GIFT_PERSONALITIES, { ...base, tag: selection.recipient?.searchTag }, now, prices, !selection.recipient),
    countByPriceBand(db, `${dayKey}:b:${selection.recipient?.id}:${selection.personality?.id}`, { ...base, tag: selection.recipient?.searchTag, searchTag: selection.personality?.searchTag }, now, !selection.recipient),
  ]);
  const total = selection.price === null ? [...bandCounts.values()].reduce((sum, n) => sum + n, 0) : (bandCounts.get(selection.price) ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / GIFT_FINDER_PAGE_SIZE));
  if (request.page > pageCount) throw new CatalogError("PAGE_NOT_FOUND");

  const where = giftCondition(
    { ...base, tag: selection.recipient?.searchTag, searchTag: selection.personality?.searchTag },
    now,
    prices,
    !selection.recipient,
  );
  const tiles = await queryDealTiles(db, where, { sort: "popularity", offset: (request.page - 1) * GIFT_FINDER_PAGE_SIZE, limit: GIFT_FINDER_PAGE_SIZE });

  const href = (changes: Partial<GiftFinderSelection>) => giftFinderHref(root, { ...selection, ...changes });
  const recipients = GIFT_RECIPIENTS.map((option) => ({
    id: option.id,
    label: option.name,
    count: recipientCounts.get(option.searchTag) ?? 0,
    url: href({ recipient: option }),
    isActive: selection.recipient?.id === option.id,
  }));
  const personalities = GIFT_PERSONALITIES.map((option) => ({
    id: option.id,
    label: option.name,
    count: personalityCounts.get(option.searchTag) ?? 0,
    url: href({ personality: selection.personality?.id === option.id ? null : option }),
    isActive: selection.personality?.id === option.id,
  }));
  const priceBands = GIFT_PRICE_BANDS.map((band) => ({
    id: String(band),
    label: priceBandLabel(band, brand.currency),
    count: bandCounts.get(band) ?? 0,
    url: href({ price: selection.price === band ? null : band }),
    isActive: selection.price === band,
  }));

  const who = selection.recipient ? `Gifts for ${selection.recipient.name}` : "Gift Ideas";
  const heading = selection.recipient ? `Gift Finder: Gifts for ${selection.recipient.name}` : "Gift Finder";
  const described = [selection.personality?.name.toLowerCase(), selection.price === null ? null : priceBandLabel(selection.price, brand.currency).toLowerCase()].filter(Boolean);
  const resultsHeading = `${total} ${total === 1 ? "gift" : "gifts"}${selection.recipient ? ` for ${selection.recipient.name}` : ""}${described.length ? ` (${described.join(", ")})` : ""}`;
  const plain = selection.personality === null && selection.price === null && request.page === 1;
  return {
    location: { id: location.id, name: location.name, shortName: location.shortName },
    root,
    selection: { recipient: selection.recipient?.id ?? null, personality: selection.personality?.id ?? null, price: selection.price },
    heading,
    resultsHeading,
    metaTitle: `${who} in ${location.name} | Gift Finder | ${brand.displayName}`,
    description: `${who} from ${brand.displayName}: experiences, treats and presents in ${location.name} and delivered, up to 80% off.`,
    // Filtered variants point search engines at the recipient's page.
    canonicalUrl: plain ? href({}) : giftFinderHref(root, { recipient: selection.recipient, personality: null, price: null }),
    facetedNavigation: {
      navigations: recipients.map((item) => ({ linkText: item.label, shortName: GIFT_RECIPIENTS.find((r) => r.id === item.id)!.searchTag, count: item.count, url: item.url, isActive: item.isActive })),
      count: total,
      category: "gift-finder",
      parentNavUrl: null,
      defaultItem: { linkText: "All gifts", url: href({ recipient: null }), isActive: selection.recipient === null },
      metaTitle: `${who} in ${location.name} | Gift Finder | ${brand.displayName}`,
    },
    recipients,
    personalities,
    priceBands,
    clearUrl: selection.personality || selection.price !== null ? href({ personality: null, price: null }) : null,
    deals: tiles,
    total,
    page: request.page,
    pageCount,
  };
}

const RECIPIENT_TAGS = GIFT_RECIPIENTS.map((recipient) => recipient.searchTag);

/**
 * Listable gifts of a scope: available to buy (a sold-out deal is no gift idea) and, with no
 * recipient chosen, meant for at least one of the recipients.
 */
function giftCondition(scope: DealScope, now: Date, prices: PriceFilter, anyRecipient: boolean): SQL {
  const parts = [scopeCondition(scope, now, prices), eq(deals.soldOut, false)];
  if (anyRecipient) {
    parts.push(sql`exists (select 1 from ${dealTags} where ${inArray(dealTags.tag, RECIPIENT_TAGS)} and ${dealTags.dealId} = ${deals.id})`);
  }
  return and(...parts)!;
}

/** How many gifts each option's tag would list within a scope (the option's own filter left out of it). */
function countByTag(
  db: Db,
  key: string,
  options: readonly GiftFinderOption[],
  scope: DealScope,
  now: Date,
  prices: PriceFilter,
  anyRecipient: boolean,
): Promise<ReadonlyMap<string, number>> {
  return memo(db, `gift-finder:${key}`, COUNT_TTL_MS, async () => {
    const rows = await db
      .select({ tag: dealTags.tag, total: count() })
      .from(dealTags)
      .innerJoin(deals, eq(deals.id, dealTags.dealId))
      .where(
        and(
          inArray(
            dealTags.tag,
            options.map((option) => option.searchTag),
          ),
          giftCondition(scope, now, prices, anyRecipient),
        ),
      )
      .groupBy(dealTags.tag);
    return new Map(rows.map((row) => [row.tag, row.total]));
  });
}

/** How many gifts fall in each price band within a scope. */
function countByPriceBand(db: Db, key: string, scope: DealScope, now: Date, anyRecipient: boolean): Promise<ReadonlyMap<GiftPriceBand, number>> {
  return memo(db, `gift-finder:${key}`, COUNT_TTL_MS, async () => {
    const [, ...upper] = GIFT_PRICE_BANDS;
    // The band is the highest lower bound at or below the price.
    const band = sql<number>`case ${sql.join(
      // Constants written into the statement, so GROUP BY sees the same expression as SELECT.
      [...upper].reverse().map((bound) => sql`when ${deals.price} >= ${sql.raw(String(bound * 100))} then ${sql.raw(String(bound))}`),
      sql` `,
    )} else 0 end`;
    const rows = await db
      .select({ band, total: count() })
      .from(deals)
      .where(giftCondition(scope, now, NO_PRICE_FILTER, anyRecipient))
      .groupBy(band);
    return new Map(rows.map((row) => [Number(row.band) as GiftPriceBand, row.total]));
  });
}
