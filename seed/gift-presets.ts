import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { CountryCode } from "../lib/brand";
import type { Currency } from "../lib/money";
import { categories, deals, merchants, products } from "../modules/catalog/schema";
import type { GiftPreset } from "../modules/catalog/gift-presets";
import type { Db } from "../db/client";

interface PresetDefinition {
  preset: GiftPreset;
  countryCode: CountryCode;
  currency: Currency;
  dealId: number;
  productId: number;
  headline: string;
  description: string;
  deliveryType: string;
  price: number;
}

const WRAP_TEXT = "Your item wrapped in recyclable paper with a ribbon and a gift tag.";
const NEXT_DAY_TEXT = "The voucher printed and sent in a gift box: order before 2pm, delivered in 1 working day.";
const STANDARD_TEXT = "The voucher printed and sent in a gift box, delivered within 3 working days.";

/**
 * The gift wrap and gift packs of each market (spec §3: the wrap preset is deal 16172264 with
 * product 2440914). Fixed ids below the generated catalogue's (deals from 30,000,001, products from
 * 5,000,001), so seeding twice or on an older database gives the same rows.
 * docs/decisions/gift-wrap-and-packs.md.
 */
export const GIFT_PRESET_DEFINITIONS: readonly PresetDefinition[] = [
  { preset: "WRAPPED", countryCode: "GB", currency: "GBP", dealId: 16172264, productId: 2440914, headline: "Gift Wrap", description: WRAP_TEXT, deliveryType: "standard", price: 299 },
  { preset: "NEXT_DAY_GIFT_PACK", countryCode: "GB", currency: "GBP", dealId: 16172265, productId: 2440915, headline: "Next-Day Gift Pack", description: NEXT_DAY_TEXT, deliveryType: "next-day", price: 699 },
  { preset: "STANDARD_DELIVERY_GIFT_PACK", countryCode: "GB", currency: "GBP", dealId: 16172266, productId: 2440916, headline: "Standard Gift Pack", description: STANDARD_TEXT, deliveryType: "standard", price: 399 },
  { preset: "WRAPPED", countryCode: "IE", currency: "EUR", dealId: 16172267, productId: 2440917, headline: "Gift Wrap", description: WRAP_TEXT, deliveryType: "standard", price: 349 },
  { preset: "NEXT_DAY_GIFT_PACK", countryCode: "IE", currency: "EUR", dealId: 16172268, productId: 2440918, headline: "Next-Day Gift Pack", description: NEXT_DAY_TEXT, deliveryType: "next-day", price: 799 },
  { preset: "STANDARD_DELIVERY_GIFT_PACK", countryCode: "IE", currency: "EUR", dealId: 16172269, productId: 2440919, headline: "Standard Gift Pack", description: STANDARD_TEXT, deliveryType: "standard", price: 449 },
];

/** Units each preset starts with: stock is held and sold like any product's. */
export const GIFT_PRESET_STOCK = 10_000;
const GIFTING_MERCHANT = "Dealwise Gifting";
// Presets never close: the shop sells them as long as it sells anything.
const NEVER_CLOSES = new Date("2099-12-31T23:59:59Z");

/** The category presets file under: Gifts › Gift Sets when the catalogue has it, else made for them. */
async function presetCategory(tx: Db): Promise<{ categoryId: number; subCategoryId: number }> {
  const find = (shortName: string, parentId: number | null) =>
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.shortName, shortName), parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)))
      .then((rows) => rows[0]?.id ?? null);
  const top = (await find("gifts", null)) ?? (await tx.insert(categories).values({ shortName: "gifts", name: "Gifts", kind: "national" }).returning())[0].id;
  const sub =
    (await find("gift-sets", top)) ??
    (await tx.insert(categories).values({ shortName: "gift-sets", name: "Gift Sets", kind: "national", parentId: top }).returning())[0].id;
  return { categoryId: top, subCategoryId: sub };
}

async function giftingMerchant(tx: Db): Promise<number> {
  const [found] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.businessName, GIFTING_MERCHANT)).limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(merchants)
    .values({ businessName: GIFTING_MERCHANT, displayName: GIFTING_MERCHANT, contactEmail: "gifting@dealwise.example", commissionBps: 0 })
    .returning({ id: merchants.id });
  return created.id;
}

/**
 * Adds whichever gift presets the catalogue lacks (the first seed, and every start of a database
 * seeded before presets existed): idempotent, a handful of rows. Presets are unpublished deals, so
 * no listing, search, sitemap or deal page shows them; the basket sells them by their gift type.
 * Returns how many presets it added.
 */
export async function ensureGiftPresets(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const present = await tx.select({ countryCode: deals.countryCode, preset: deals.giftPreset }).from(deals).where(isNotNull(deals.giftPreset));
    const missing = GIFT_PRESET_DEFINITIONS.filter((wanted) => !present.some((row) => row.countryCode === wanted.countryCode && row.preset === wanted.preset));
    if (missing.length === 0) return 0;
    const { categoryId, subCategoryId } = await presetCategory(tx);
    const merchantId = await giftingMerchant(tx);
    for (const preset of missing) {
      await tx.insert(deals).values({
        id: preset.dealId,
        countryCode: preset.countryCode,
        currency: preset.currency,
        dealType: "national",
        categoryId,
        subCategoryId,
        merchantId,
        headline: preset.headline,
        title: preset.headline,
        description: preset.description,
        // Shaped like every deal's path, although the deal page answers "not found" for a preset.
        urlPath: `/deal/shop/gifts/gift-sets/${preset.dealId}/${preset.headline.toLowerCase().replaceAll(" ", "-")}`,
        price: preset.price,
        originalPrice: preset.price,
        minPostagePrice: 0,
        deliveryType: preset.deliveryType,
        giftPreset: preset.preset,
        published: false,
        status: "paused",
        closingDate: NEVER_CLOSES,
      });
      await tx.insert(products).values({
        id: preset.productId,
        dealId: preset.dealId,
        friendlyName: preset.headline,
        price: preset.price,
        originalPrice: preset.price,
        totalRemaining: GIFT_PRESET_STOCK,
      });
    }
    return missing.length;
  });
}
