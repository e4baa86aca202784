import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { deals } from "../catalog/schema";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row per deal: what search needs to match, filter, facet and rank without touching the
 * catalogue's tables. Built by `indexAllDeals` / `reindexDeals` from the catalogue's search source.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    dealId: integer("deal_id")
      .primaryKey()
      .references(() => deals.id, { onDelete: "cascade" }),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    dealType: text("deal_type").$type<"local" | "national" | "travel">().notNull(),
    locationId: integer("location_id"),
    locationName: text("location_name"),
    categoryId: integer("category_id").notNull(),
    categoryShortName: text("category_short_name").notNull(),
    categoryName: text("category_name").notNull(),
    subCategoryId: integer("sub_category_id").notNull(),
    subCategoryShortName: text("sub_category_short_name").notNull(),
    subCategoryName: text("sub_category_name").notNull(),
    price: integer("price").notNull(),
    discountPercentage: smallint("discount_percentage").notNull(),
    totalBought: integer("total_bought").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    vip: boolean("vip").notNull(),
    /** Special tags the scroller and listing callers search by (early-bird, last-chance, vip, free-delivery). */
    tags: text("tags").array().notNull(),
    /** Published and open in the catalogue. */
    listed: boolean("listed").notNull(),
    /**
     * When the deal stops showing in search: the end of its closing day (UK time), or never for a
     * lastChance deal (a shopper arriving from search may still buy it, spec discovery §4).
     */
    visibleUntil: timestamp("visible_until", { withTimezone: true }).notNull(),
    /**
     * Hash of the headline folded like a query (lower case, no accents, single spaces): an exact
     * headline match ranks first. A hash keeps rows narrow; a collision only reorders results.
     */
    headlineHash: integer("headline_hash").notNull(),
    /** Weighted: headline A, title and merchant B, category and location C. */
    document: tsvector("document").notNull(),
    /** Shown as the deal suggestion while typing. */
    headline: text("headline").notNull(),
  },
  (t) => [
    // No pending list: updates go straight into the index, so queries never scan an unmerged backlog.
    index("search_documents_document_idx").using("gin", t.document).with({ fastupdate: false }),
    index("search_documents_market_popularity_idx").on(t.countryCode, t.totalBought.desc(), t.dealId),
    index("search_documents_tags_idx").using("gin", t.tags).with({ fastupdate: false }),
  ],
);

/**
 * Every distinct word of the indexed text with the number of documents holding it. Queries are
 * spelled against it: a word it does not know is replaced by its closest trigram neighbours.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    word: text("word").primaryKey(),
    documents: integer("documents").notNull(),
  },
  (t) => [index("search_terms_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")).with({ fastupdate: false })],
);

export type SearchPhraseKind = "category" | "location";

/** Category and location names offered while typing, per market, with how many deals they hold. */
export const searchPhrases = pgTable(
  "search_phrases",
  {
    kind: text("kind").$type<SearchPhraseKind>().notNull(),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    label: text("label").notNull(),
    /** The label folded like a query. */
    phraseKey: text("phrase_key").notNull(),
    deals: integer("deals").notNull(),
  },
  // A few hundred rows at most: a scan is as fast as any index.
  (t) => [primaryKey({ columns: [t.kind, t.countryCode, t.label] })],
);
