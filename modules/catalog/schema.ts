import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A place shoppers browse: cities and areas of the UK and Ireland (ids as in the spec: London 275850). */
export const locations = pgTable(
  "locations",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("locations_country_short_name_uq").on(t.countryCode, t.shortName)],
);

export type CategoryKind = "local" | "national" | "travel";

/** The category tree: top-level categories with sub-categories (and deeper levels) below them. */
export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer("parent_id"),
    shortName: text("short_name").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<CategoryKind>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("categories_parent_short_name_uq").on(sql`coalesce(${t.parentId}, 0)`, t.shortName),
    index("categories_parent_idx").on(t.parentId),
  ],
);

export const PAYOUT_BASES = ["redemption", "sale"] as const;
export type PayoutBasis = (typeof PAYOUT_BASES)[number];
export const PAYOUT_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number];

export const merchants = pgTable(
  "merchants",
  {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  businessName: text("business_name").notNull(),
  displayName: text("display_name").notNull(),
  vatNumber: text("vat_number"),
  website: text("website"),
  /** Shown to shoppers under "Need help?" on their vouchers. */
  contactEmail: text("contact_email"),
  contactPhone: text("contact_phone"),
  /** Our commission on this merchant's gross sales, in basis points (2000 = 20%). */
  commissionBps: integer("commission_bps").notNull().default(2000),
  /** When a sale becomes payable to the merchant: once the voucher is redeemed, or once sold. */
  payoutBasis: text("payout_basis").$type<PayoutBasis>().notNull().default("redemption"),
  payoutFrequency: text("payout_frequency").$type<PayoutFrequency>().notNull().default("weekly"),
  /** BACS account holder's name, shown in full to finance. */
  bankAccountName: text("bank_account_name"),
  /** Sort code and account number, sealed with BANK_DETAILS_KEY (AES-256-GCM); never shown whole. */
  bankDetailsSealed: text("bank_details_sealed"),
  /** The account number's last four digits, for the masked display ("•••• 1234"). */
  bankAccountLast4: text("bank_account_last4"),
  },
  // Staff find a merchant's deals by words of either name (the deals table's search).
  (t) => [
    index("merchants_display_name_trgm_idx").using("gin", t.displayName.op("gin_trgm_ops")),
    index("merchants_business_name_trgm_idx").using("gin", t.businessName.op("gin_trgm_ops")),
    check("merchants_payout_basis_known", sql`${t.payoutBasis} in ('redemption','sale')`),
    check("merchants_payout_frequency_known", sql`${t.payoutFrequency} in ('weekly','fortnightly','monthly')`),
  ],
);

export const merchantAddresses = pgTable(
  "merchant_addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    isMain: boolean("is_main").notNull().default(false),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    town: text("town").notNull(),
    postCode: text("post_code").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
  },
  (t) => [index("merchant_addresses_merchant_idx").on(t.merchantId)],
);

export type DealType = "local" | "national" | "travel";
export type ProductDisplayType = "dropdown" | "default" | "calendar";
export type RedemptionType =
  | "calendar"
  | "call-to-book"
  | "choose-your-flight"
  | "mystery-travel"
  | "standard"
  | "standard-travel";

export interface DealImage {
  imageUrl: string;
  extension: string;
  /** Describes the photo for shoppers who cannot see it; required for uploaded photos. */
  alt?: string;
  /** Where an uploaded photo's renditions live in file storage (absent for the demo's drawn pictures). */
  storageKey?: string;
}

/**
 * How a product reaches the shopper (spec: productDeliveryOptions). Prices in minor units; a
 * click-and-collect option names where and when (spec: Click and Collect 9 to 5 weekdays).
 */
export interface ProductDeliveryOption {
  method: "standard" | "next_day" | "click_and_collect";
  label: string;
  price: number;
  /** For click and collect: the collection point's address line and town. */
  collectFrom?: string;
}

/**
 * Where a deal is in the staff pipeline (docs/decisions/deal-lifecycle.md): only `live` deals are
 * published and open to shoppers; `closed` deals keep their page but sell no more.
 */
export const DEAL_STATUSES = ["draft", "in_review", "approved", "scheduled", "live", "paused", "closed"] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/**
 * A deal: what a shopper sees on a tile and a deal page. Prices are integer minor units in the
 * deal's currency; the lead price is the cheapest visible product's price.
 */
export const deals = pgTable(
  "deals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 30000001 }),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    currency: text("currency").$type<"GBP" | "EUR">().notNull(),
    dealType: text("deal_type").$type<DealType>().notNull(),
    /** Set for local deals; national and travel deals are sold everywhere in their market. */
    locationId: integer("location_id").references(() => locations.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer("sub_category_id")
      .notNull()
      .references(() => categories.id),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id),
    headline: text("headline").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    finePrint: text("fine_print").notNull().default(""),
    urlPath: text("url_path").notNull(),
    images: jsonb("images").$type<DealImage[]>().notNull().default([]),
    price: integer("price").notNull(),
    originalPrice: integer("original_price").notNull(),
    vipPrice: integer("vip_price"),
    discountPercentage: smallint("discount_percentage").notNull().default(0),
    vipDiscountPercentage: smallint("vip_discount_percentage"),
    depositPrice: integer("deposit_price"),
    minPostagePrice: integer("min_postage_price"),
    deliveryType: text("delivery_type").notNull().default("none"),
    /**
     * Gift wrap and gift packs are deals of their own (spec §4 gift type switching): a basket line
     * of a wrapped or packed item adds this preset's product. Presets never appear in listings.
     */
    giftPreset: text("gift_preset").$type<"WRAPPED" | "NEXT_DAY_GIFT_PACK" | "STANDARD_DELIVERY_GIFT_PACK">(),
    /** Spec §4: the courier and tracking number are shown to the shopper only if the deal allows. */
    showTracking: boolean("show_tracking").notNull().default(true),
    priceText: text("price_text"),
    priceIndicative: boolean("price_indicative").notNull().default(false),
    pricePerPerson: boolean("price_per_person").notNull().default(false),
    showPrice: boolean("show_price").notNull().default(true),
    showDiscount: boolean("show_discount").notNull().default(true),
    vipDiscountAllowed: boolean("vip_discount_allowed").notNull().default(false),
    /** VIP early access: until this time only active VIP members may buy it (it shows in the VIP hub). */
    vipEarlyAccessUntil: timestamp("vip_early_access_until", { withTimezone: true }),
    earlyBird: boolean("early_bird").notNull().default(false),
    lastChance: boolean("last_chance").notNull().default(false),
    open: boolean("open").notNull().default(true),
    published: boolean("published").notNull().default(true),
    soldOut: boolean("sold_out").notNull().default(false),
    enableBuyClosedDeal: boolean("enable_buy_closed_deal").notNull().default(false),
    closingDate: timestamp("closing_date", { withTimezone: true }).notNull(),
    /** Per-customer maximum across all orders. */
    purchaseCap: integer("purchase_cap"),
    /** Deal-wide units that may be sold per day / per week. */
    dailyCap: integer("daily_cap"),
    weeklyCap: integer("weekly_cap"),
    productDisplayType: text("product_display_type").$type<ProductDisplayType>().notNull().default("dropdown"),
    productRowHeader: text("product_row_header"),
    productColumnHeader: text("product_column_header"),
    redemptionType: text("redemption_type").$type<RedemptionType>().notNull().default("standard"),
    highFraudRisk: boolean("high_fraud_risk").notNull().default(false),
    leadGen: boolean("lead_gen").notNull().default(false),
    reviewCount: integer("review_count").notNull().default(0),
    reviewAverage: numeric("review_average", { precision: 3, scale: 2, mode: "number" }),
    /** Set on deals reachable at /deal/{segment}/{category}/{subCategory}/e/{slug}: the newest open one wins. */
    evergreenSlug: text("evergreen_slug"),
    /** The promotion this deal runs under (spec: promoType.title), e.g. 'Black Friday'; null when none. */
    promoTypeTitle: text("promo_type_title"),
    /** Units sold over the deal's life; the popularity sort uses it. */
    totalBought: integer("total_bought").notNull().default(0),
    /** The staff pipeline's state; `published` and `open` follow it (deal-lifecycle.ts). */
    status: text("status").$type<DealStatus>().notNull().default("live"),
    /** For a scheduled deal: when the go-live job makes it live. */
    goLiveAt: timestamp("go_live_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deals_url_path_uq").on(t.urlPath),
    // Listings only see published, open deals: every listing index is partial on that.
    // Popularity order per listing scope: a page of the default sort walks the index and stops.
    index("deals_location_popularity_idx").on(t.locationId, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    index("deals_location_category_popularity_idx").on(t.locationId, t.categoryId, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    index("deals_location_sub_category_popularity_idx").on(t.locationId, t.subCategoryId, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    index("deals_market_type_popularity_idx").on(t.countryCode, t.dealType, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    index("deals_market_category_popularity_idx").on(t.countryCode, t.categoryId, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    index("deals_market_sub_category_popularity_idx").on(t.countryCode, t.subCategoryId, t.totalBought.desc().nullsFirst(), t.id).where(sql`${t.published} and ${t.open}`),
    // Covering indexes: counts, facet counts and the other sort orders read only the index.
    index("deals_location_listing_idx")
      .on(t.locationId, t.categoryId, t.subCategoryId, t.closingDate, t.price, t.totalBought, t.discountPercentage, t.createdAt, t.id, t.dealType, t.countryCode)
      .where(sql`${t.published} and ${t.open}`),
    index("deals_market_listing_idx")
      .on(t.countryCode, t.dealType, t.categoryId, t.subCategoryId, t.closingDate, t.price, t.totalBought, t.discountPercentage, t.createdAt, t.id, t.locationId)
      .where(sql`${t.published} and ${t.open}`),
    index("deals_category_idx").on(t.categoryId),
    index("deals_sub_category_idx").on(t.subCategoryId),
    index("deals_merchant_idx").on(t.merchantId),
    index("deals_evergreen_idx").on(t.evergreenSlug).where(sql`${t.evergreenSlug} is not null`),
    uniqueIndex("deals_gift_preset_uq").on(t.countryCode, t.giftPreset).where(sql`${t.giftPreset} is not null`),
    check("deals_prices_non_negative", sql`${t.price} >= 0 and ${t.originalPrice} >= 0`),
    check("deals_status_known", sql`${t.status} in ('draft','in_review','approved','scheduled','live','paused','closed')`),
    // The back office's deals table (admin-deals.ts): one index per sort order (read forwards or
    // backwards), the default order within a state, and headline search.
    index("deals_admin_status_idx").on(t.status, t.updatedAt, t.id),
    index("deals_admin_updated_idx").on(t.updatedAt, t.id),
    index("deals_admin_created_idx").on(t.createdAt, t.id),
    index("deals_admin_closing_idx").on(t.closingDate, t.id),
    index("deals_admin_headline_idx").on(t.headline, t.id),
    index("deals_admin_price_idx").on(t.price, t.id),
    index("deals_admin_sold_idx").on(t.totalBought, t.id),
    index("deals_admin_headline_trgm_idx").using("gin", t.headline.op("gin_trgm_ops")),
    index("deals_go_live_idx").on(t.goLiveAt).where(sql`${t.status} = 'scheduled'`),
    // The closing job reads only deals still running whose time has come.
    index("deals_closing_due_idx").on(t.closingDate).where(sql`${t.status} in ('live','paused')`),
  ],
);

/** What a shopper actually buys: each deal has one or more products (options). */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 5000001 }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    rowId: integer("row_id"),
    columnId: integer("column_id"),
    friendlyName: text("friendly_name").notNull(),
    price: integer("price").notNull(),
    originalPrice: integer("original_price").notNull(),
    vipPrice: integer("vip_price"),
    vipExclusive: boolean("vip_exclusive").notNull().default(false),
    adminFee: integer("admin_fee").notNull().default(0),
    purchaseCap: integer("purchase_cap"),
    /** Units left to sell; null means not limited by stock. */
    totalRemaining: integer("total_remaining"),
    totalBought: integer("total_bought").notNull().default(0),
    soldOut: boolean("sold_out").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Empty for vouchers; physical products list their delivery choices (shown on the deal page). */
    deliveryOptions: jsonb("delivery_options").$type<ProductDeliveryOption[]>().notNull().default([]),
  },
  (t) => [
    index("products_deal_idx").on(t.dealId, t.sortOrder),
    check("products_remaining_non_negative", sql`${t.totalRemaining} is null or ${t.totalRemaining} >= 0`),
    check("products_prices_non_negative", sql`${t.price} >= 0 and ${t.originalPrice} >= 0`),
  ],
);

/**
 * A bundle deal's parts (spec: bundle.children[]): each sold by its own business, with the VAT
 * number shoppers need for a receipt and the towns where it can be redeemed.
 */
export const dealBundleChildren = pgTable(
  "deal_bundle_children",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    businessName: text("business_name").notNull(),
    vatNumber: text("vat_number"),
    locations: jsonb("locations").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("deal_bundle_children_deal_position_uq").on(t.dealId, t.position)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("reviews_deal_idx").on(t.dealId, t.createdAt.desc()),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Units sold per product per hour. Orders record into it (recordDealSale); daily and weekly caps
 * and the social cue read from it, so neither needs to scan orders.
 */
export const dealSalesHourly = pgTable(
  "deal_sales_hourly",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    units: integer("units").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.hour, t.productId] })],
);

/** Opaque preview links that let a merchant or editor see a deal before it is published. */
export const dealPreviewTokens = pgTable(
  "deal_preview_tokens",
  {
    token: text("token").primaryKey(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("deal_preview_tokens_deal_idx").on(t.dealId)],
);

/** Curated collections behind special pages (/deals/{location}/special/{slug}) and scrollers. */
export const specialTags = pgTable("special_tags", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
});

export const dealTags = pgTable(
  "deal_tags",
  {
    tag: text("tag")
      .notNull()
      .references(() => specialTags.slug, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tag, t.dealId] }), index("deal_tags_deal_idx").on(t.dealId)],
);

export type NavigationKind = "local" | "category" | "travel" | "vip" | "gift" | "link";

/**
 * The header's main navigation per market. A `{location}` placeholder in a url is replaced by the
 * visitor's location; category items count the deals of their category.
 */
export const navigationItems = pgTable(
  "navigation_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    parentId: integer("parent_id"),
    kind: text("kind").$type<NavigationKind>().notNull(),
    shortName: text("short_name").notNull(),
    linkText: text("link_text").notNull(),
    url: text("url").notNull(),
    imageUrl: text("image_url"),
    categoryId: integer("category_id").references(() => categories.id),
    isDefault: boolean("is_default").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Hidden by staff: kept with its place in the order, left out of the header until shown again. */
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [index("navigation_items_country_idx").on(t.countryCode, t.sortOrder)],
);

/** "Tell me when it's back": shoppers waiting for a sold-out deal. */
export const soldOutNotifications = pgTable(
  "sold_out_notifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set once the "back in stock" email is queued: each subscriber is told once. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sold_out_notifications_deal_email_uq").on(t.dealId, sql`lower(${t.email})`),
    index("sold_out_notifications_waiting_idx").on(t.dealId).where(sql`${t.notifiedAt} is null`),
  ],
);
