import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  categories,
  dealPreviewTokens,
  dealTags,
  deals,
  locations,
  merchantAddresses,
  merchants,
  navigationItems,
  products,
  reviews,
  specialTags,
} from "../modules/catalog/schema";
import { contentPages, countdownBanners, scrollerConfigurations, seasonalThemes } from "../modules/content/schema";
import { promoCodes } from "../modules/promotions/schema";
import type { Db } from "../db/client";
import { seedDemoAddresses } from "./addresses";
import { type Executor, bulkInsert } from "./bulk-insert";
import { buildCategories } from "./data/categories";
import { LOCATIONS } from "./data/locations";
import { buildBlackFridayCodes, buildContentPages, buildCountdownBanners, buildScrollerConfigurations, buildSeasonalThemes } from "./content";
import { SPECIAL_TAGS } from "./data/special-tags";
import { DealGenerator, type NewDeal } from "./deals";
import { type NewDealTag, type NewPreviewToken, previewToken, tagsForDeal } from "./extras";
import type { NewMerchant, NewMerchantAddress } from "./merchants";
import { buildNavigation } from "./navigation";
import type { NewProduct } from "./products";
import { Random } from "./random";
import type { NewReview } from "./reviews";
import { seedSponsoredCampaigns } from "./sponsored-campaigns";
import { ensureGiftPresets } from "./gift-presets";
import { indexAllDeals } from "../modules/search/index-deals";
import { fixedClock } from "../lib/clock";
import { seedTravel } from "./travel";
import { seedDealExtras } from "./deal-extras";

export { resetCatalogue } from "./reset";

export interface SeedOptions {
  /** How many deals to create. */
  deals: number;
  /** PRNG seed: the same seed and options give the same catalogue. */
  seed?: number;
  /** Closing dates, review dates and "new" flags are relative to this instant. */
  now?: Date;
  /** Called after each inserted batch. */
  onProgress?: (done: number, total: number) => void;
  /** Deals per transaction (default 500). */
  batchSize?: number;
}

export interface SeedSummary {
  locations: number;
  categories: number;
  merchants: number;
  deals: number;
  products: number;
  reviews: number;
  sponsoredCampaigns: number;
  contentPages: number;
  /** Demo delivery addresses for the postcode lookup (0 when the address book already had rows). */
  addresses: number;
  /** Gift wrap and gift pack products (seed/gift-presets.ts). */
  giftPresets: number;
  /** Dated travel products: rates and rooms per night, flights (seed/travel.ts). */
  travelProducts: number;
}

export const DEFAULT_SEED = 42;
/** A fixed default so a seed run without `now` is reproducible. */
export const DEFAULT_SEED_NOW = new Date("2026-11-21T00:00:00Z");
/** Matches the deals.id identity start in the schema. */
export const FIRST_DEAL_ID = 30_000_001;
/** Matches the products.id identity start in the schema. */
export const FIRST_PRODUCT_ID = 5_000_001;
/** Sales and preview tokens draw from their own stream so they never change the catalogue itself. */
const EXTRAS_STREAM = 0x5eed5;

const DEFAULT_BATCH_SIZE = 500;
// Rows per statement: keeps each JSON parameter to a few megabytes.
const ROWS_PER_STATEMENT = 5000;

export class CatalogueNotEmptyError extends Error {}

interface Batch {
  merchants: NewMerchant[];
  addresses: NewMerchantAddress[];
  deals: NewDeal[];
  products: NewProduct[];
  reviews: NewReview[];
  tags: NewDealTag[];
  previews: NewPreviewToken[];
}

/**
 * Fills an empty catalogue with a deterministic demo data set: locations, categories, merchants,
 * deals with their products and reviews. Deals are generated and inserted batch by batch (one
 * transaction each), so memory stays flat however many deals are asked for.
 */
export async function seedCatalogue(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const total = options.deals;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`deals must be a whole number >= 0, got ${total}`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  await assertCatalogueEmpty(db);

  const now = options.now ?? DEFAULT_SEED_NOW;
  const categoryTree = buildCategories();
  const categoryRows = categoryTree.flatMap((top) => [top, ...top.children]);
  const contentRows = buildContentPages(now);
  await db.transaction(async (tx) => {
    await tx.insert(locations).values(
      LOCATIONS.map((l, index) => ({
        id: l.id,
        name: l.name,
        shortName: l.shortName,
        countryCode: l.countryCode,
        lat: l.lat,
        lon: l.lon,
        sortOrder: index,
      })),
    );
    await tx.insert(categories).values(
      categoryRows.map((c) => ({ id: c.id, parentId: c.parentId, shortName: c.shortName, name: c.name, kind: c.kind, sortOrder: c.sortOrder })),
    );
    await tx.insert(navigationItems).values(buildNavigation(categoryTree));
    await tx.insert(specialTags).values(SPECIAL_TAGS.map((tag) => ({ slug: tag.slug, name: tag.name, description: tag.description })));
    await tx.insert(contentPages).values(contentRows);
    await tx.insert(seasonalThemes).values(buildSeasonalThemes(now));
    await tx.insert(scrollerConfigurations).values(buildScrollerConfigurations());
    await tx.insert(countdownBanners).values(buildCountdownBanners(now));
    await tx.insert(promoCodes).values(buildBlackFridayCodes(now)).onConflictDoNothing();
  });

  const generator = new DealGenerator({
    rng: new Random(options.seed ?? DEFAULT_SEED),
    now,
    total,
    categories: categoryTree,
    locations: LOCATIONS,
    firstDealId: FIRST_DEAL_ID,
    firstProductId: FIRST_PRODUCT_ID,
    firstMerchantId: 1,
  });
  const extrasRng = new Random((options.seed ?? DEFAULT_SEED) ^ EXTRAS_STREAM);
  const summary: SeedSummary = {
    locations: LOCATIONS.length,
    categories: categoryRows.length,
    merchants: 0,
    deals: 0,
    products: 0,
    reviews: 0,
    sponsoredCampaigns: 0,
    contentPages: contentRows.length,
    addresses: await seedDemoAddresses(db),
    giftPresets: 0,
    travelProducts: 0,
  };

  for (let done = 0; done < total; ) {
    const batch: Batch = { merchants: [], addresses: [], deals: [], products: [], reviews: [], tags: [], previews: [] };
    const size = Math.min(batchSize, total - done);
    for (let i = 0; i < size; i++) {
      const generated = generator.next();
      if (generated.newMerchant) {
        batch.merchants.push(generated.newMerchant.merchant);
        batch.addresses.push(generated.newMerchant.address);
      }
      batch.deals.push(generated.deal);
      batch.products.push(...generated.products);
      batch.reviews.push(...generated.reviews);
      batch.tags.push(...tagsForDeal(generated));
      const preview = previewToken(extrasRng, generated, now.getTime());
      if (preview) batch.previews.push(preview);
    }
    await db.transaction((tx) => insertBatch(tx, batch));
    done += size;
    summary.merchants += batch.merchants.length;
    summary.deals += batch.deals.length;
    summary.products += batch.products.length;
    summary.reviews += batch.reviews.length;
    options.onProgress?.(done, total);
  }

  // Ids were given explicitly; move the identity sequences past them so later inserts don't collide.
  for (const table of ["categories", "merchants", "deals", "products", "navigation_items"] as const) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  summary.sponsoredCampaigns = await seedSponsoredCampaigns(db, { seed: options.seed ?? DEFAULT_SEED, now });
  summary.travelProducts = (await seedTravel(db, { seed: options.seed ?? DEFAULT_SEED, now })).products;
  // Delivery options, promotions and bundles the deal page shows (seed/deal-extras.ts).
  await seedDealExtras(db);
  // Search reads its own index of the catalogue: build it once the catalogue is complete.
  await indexAllDeals(db, fixedClock(now));
  // Freshly bulk-loaded tables have no planner statistics (autovacuum gets there later, PGlite has
  // none): without them the listing counts picked a 20 times slower index on 100k deals.
  await db.execute(sql`vacuum (analyze)`);
  // Last: the sequences have moved past the generated ids, so the presets' merchant takes a free one.
  summary.giftPresets = await ensureGiftPresets(db);
  return summary;
}

async function assertCatalogueEmpty(db: Db): Promise<void> {
  const counts = {
    deals: await db.$count(deals),
    merchants: await db.$count(merchants),
    categories: await db.$count(categories),
    locations: await db.$count(locations),
  };
  const filled = Object.entries(counts).filter(([, n]) => n > 0);
  if (filled.length > 0) {
    const what = filled.map(([table, n]) => `${n} ${table}`).join(", ");
    throw new CatalogueNotEmptyError(`The catalogue is not empty (${what}); reset it before seeding (seed CLI: --reset).`);
  }
}

async function insertBatch(tx: Executor, batch: Batch): Promise<void> {
  // Parents first: addresses need their merchant, products and reviews their deal.
  await insertChunked(tx, merchants, batch.merchants);
  await insertChunked(tx, merchantAddresses, batch.addresses);
  await insertChunked(tx, deals, batch.deals);
  await insertChunked(tx, products, batch.products);
  await insertChunked(tx, reviews, batch.reviews);
  await insertChunked(tx, dealTags, batch.tags);
  await insertChunked(tx, dealPreviewTokens, batch.previews);
}

async function insertChunked<T extends PgTable>(tx: Executor, table: T, rows: readonly T["$inferInsert"][]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await bulkInsert(tx, table, rows.slice(i, i + ROWS_PER_STATEMENT));
  }
}
