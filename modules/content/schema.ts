import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type ContentKind = "page" | "guide" | "editorial";

/** What deals a content page lists under its copy. */
export interface DealsFeed {
  /** A special tag slug, or a top-level category short name. */
  specialTag?: string;
  category?: string;
  dealType?: "local" | "national" | "travel";
  pageSize: number;
}

/**
 * Editable copy: /page/{slug} static pages, guides and editorial pages. A row with brand null is
 * shared; a brand's own row overrides it. Text is plain paragraphs separated by blank lines.
 */
export const contentPages = pgTable(
  "content_pages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    brand: text("brand"),
    kind: text("kind").$type<ContentKind>().notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull(),
    text: text("text").notNull(),
    additionalText: text("additional_text"),
    dealsFeed: jsonb("deals_feed").$type<DealsFeed>(),
    listicleView: boolean("listicle_view").notNull().default(false),
    redirectUrl: text("redirect_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("content_pages_slug_brand_uq").on(t.slug, sql`coalesce(${t.brand}, '')`)],
);

/** Seasonal themes by date window (spec discovery §2 Themes); brand null applies to every brand. */
export const seasonalThemes = pgTable(
  "seasonal_themes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    brand: text("brand"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** When windows overlap the highest priority wins (christmas e-gift over christmas). */
    priority: integer("priority").notNull().default(0),
  },
  (t) => [index("seasonal_themes_window_idx").on(t.startsAt, t.endsAt)],
);

/** Home page scrollers (spec discovery §3 "Scroller config entry"), per brand. */
export const scrollerConfigurations = pgTable(
  "scroller_configurations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    brand: text("brand").notNull(),
    siteLocation: text("site_location"),
    pageLocation: text("page_location").notNull(),
    specialSearchTag: text("special_search_tag"),
    searchTerm: text("search_term"),
    location: text("location"),
    category: text("category"),
    subCategory: text("sub_category"),
    backgroundImage: text("background_image"),
    ctaLabel: text("cta_label"),
    ctaLink: text("cta_link"),
    header: text("header").notNull(),
    subHeader: text("sub_header"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("scroller_configurations_brand_idx").on(t.brand, t.sortOrder)],
);

/** A countdown bar above the header (the Irish site runs them for sales). */
export const countdownBanners = pgTable(
  "countdown_banners",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    brand: text("brand").notNull(),
    label: text("label").notNull(),
    link: text("link"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("countdown_banners_brand_idx").on(t.brand, t.endsAt)],
);
