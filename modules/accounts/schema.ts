import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";

export type CustomerStatus = "active" | "deleted";

/**
 * A customer account of one brand (an email registered on wowcher.co.uk is a different account
 * from the same email on livingsocial.co.uk). Emails are stored trimmed and lower-cased.
 * A deleted account keeps its row (orders point at it) with every personal field cleared.
 */
export const customers = pgTable(
  "customers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    brand: text("brand").$type<BrandId>().notNull(),
    email: text("email").notNull(),
    /** argon2id hash; null for accounts that never set a password (Google sign-in, guest checkout). */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    /** UK postcode or Irish Eircode, normalised to upper case with its space. */
    postcode: text("postcode"),
    /** Opaque random id used by the customer-token cookie and the basket and wishlist APIs. */
    customerToken: text("customer_token").notNull(),
    googleSubject: text("google_subject"),
    facebookLinked: boolean("facebook_linked").notNull().default(false),
    vipUser: boolean("vip_user").notNull().default(false),
    /** End of a paid VIP year (the VVE checkout add-on); null for VIP granted without an end. */
    vipExpiresAt: timestamp("vip_expires_at", { withTimezone: true }),
    /** When the shopper followed the link in the welcome email; null until then (Google sign-in sets it). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    status: text("status").$type<CustomerStatus>().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customers_brand_email_uq").on(t.brand, t.email),
    uniqueIndex("customers_customer_token_uq").on(t.customerToken),
    uniqueIndex("customers_brand_google_subject_uq").on(t.brand, t.googleSubject),
    // Customer service finds shoppers by the start of an email, by name and by postcode (modules/customer-service).
    index("customers_email_prefix_idx").on(t.email.op("text_pattern_ops")),
    index("customers_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("customers_postcode_idx").on(t.postcode),
  ],
);

/**
 * Signed-in sessions. The browser holds a random token in an HttpOnly cookie; only its SHA-256
 * is stored, so a copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    brand: text("brand").$type<BrandId>().notNull(),
    rememberMe: boolean("remember_me").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type PasswordLinkPurpose = "password_reset" | "password_activate";
export type AccountTokenPurpose = PasswordLinkPurpose | "email_verify";

/** Single-use links sent by email (reset and activate password, verify the email), stored as SHA-256 hashes. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("account_tokens_customer_idx").on(t.customerId)],
);

/**
 * Newsletter subscriptions per brand and email (a shopper may subscribe without an account).
 * The unsubscribe token only allows unsubscribing, and every newsletter must carry it, so it is
 * stored as issued.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    brand: text("brand").$type<BrandId>().notNull(),
    email: text("email").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_brand_email_uq").on(t.brand, t.email),
    uniqueIndex("newsletter_unsubscribe_token_uq").on(t.unsubscribeToken),
  ],
);
