import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";

export type PromoKind = "percentage" | "fixed";

/**
 * Promo codes: a percentage or a fixed amount off (minor units of the brand's currency), with a
 * minimum spend, an optional sub-category scope, a validity window and usage limits.
 * Codes are matched without regard to case.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    brand: text("brand").$type<BrandId>().notNull(),
    code: text("code").notNull(),
    kind: text("kind").$type<PromoKind>().notNull(),
    /** Whole percent for percentage codes, minor units for fixed ones. */
    value: integer("value").notNull(),
    minimumSpend: integer("minimum_spend").notNull().default(0),
    subCategoryId: integer("sub_category_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer").default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("promo_codes_brand_code_uq").on(t.brand, sql`upper(${t.code})`),
    check("promo_codes_value_range", sql`${t.value} > 0 and (${t.kind} <> 'percentage' or ${t.value} <= 100)`),
  ],
);

export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    orderId: integer("order_id").notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("promo_redemptions_code_customer_idx").on(t.promoCodeId, t.customerId), uniqueIndex("promo_redemptions_order_uq").on(t.orderId)],
);
