import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { deals, products } from "./schema";

/** Spec §3 gift type values that are products of their own: the wrap and the two gift packs. */
export type GiftPreset = NonNullable<(typeof deals.$inferSelect)["giftPreset"]>;
export const GIFT_PRESETS = ["WRAPPED", "NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"] as const satisfies readonly GiftPreset[];

/** One market's preset product, as the basket adds it and the checkout offers it. */
export interface GiftPresetProduct {
  preset: GiftPreset;
  dealId: number;
  productId: number;
  title: string;
  price: number;
}

/** The market's gift wrap and gift pack products (a market without them has an empty map). */
export async function findGiftPresets(db: Db, countryCode: CountryCode): Promise<Map<GiftPreset, GiftPresetProduct>> {
  const rows = await db
    .select({ preset: deals.giftPreset, dealId: deals.id, productId: products.id, title: deals.headline, price: products.price })
    .from(deals)
    .innerJoin(products, eq(products.dealId, deals.id))
    .where(and(eq(deals.countryCode, countryCode), isNotNull(deals.giftPreset)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const found = new Map<GiftPreset, GiftPresetProduct>();
  // A preset deal has one product; should it gain more, the first is the one sold.
  for (const row of rows) if (row.preset && !found.has(row.preset)) found.set(row.preset, { ...row, preset: row.preset });
  return found;
}

/** A preset as staff see it: which market, what it is called, what it costs and how many are left (null: unlimited). */
export interface GiftPresetRecord extends GiftPresetProduct {
  countryCode: CountryCode;
  currency: string;
  unitsLeft: number | null;
}

/** A preset's product and deal, read as a record (both list and lock read the same columns). */
const RECORD_COLUMNS = {
  preset: deals.giftPreset,
  dealId: deals.id,
  productId: products.id,
  title: deals.headline,
  price: products.price,
  countryCode: deals.countryCode,
  currency: deals.currency,
  unitsLeft: products.totalRemaining,
};

/** Every market's gift wrap and gift packs, UK first, in the spec's order. */
export async function listGiftPresetRecords(db: Db): Promise<GiftPresetRecord[]> {
  const rows = await db
    .select(RECORD_COLUMNS)
    .from(deals)
    .innerJoin(products, eq(products.dealId, deals.id))
    .where(isNotNull(deals.giftPreset))
    .orderBy(asc(deals.countryCode), asc(deals.id), asc(products.sortOrder), asc(products.id));
  const records: GiftPresetRecord[] = [];
  for (const row of rows) {
    if (!row.preset || records.some((record) => record.dealId === row.dealId)) continue;
    records.push({ ...row, preset: row.preset, countryCode: row.countryCode as CountryCode });
  }
  return records;
}

/** Locks a preset's product and answers it as it was, or null when the product is no preset's. */
export async function lockGiftPresetRecord(tx: Db, productId: number): Promise<GiftPresetRecord | null> {
  const [row] = await tx
    .select(RECORD_COLUMNS)
    .from(products)
    .innerJoin(deals, eq(deals.id, products.dealId))
    .where(and(eq(products.id, productId), isNotNull(deals.giftPreset)))
    .for("update", { of: products });
  return row?.preset ? { ...row, preset: row.preset, countryCode: row.countryCode as CountryCode } : null;
}

/** Sets a preset's price and units left (its deal's lead price follows: the preset deal has one product). */
export async function updateGiftPresetRecord(tx: Db, record: GiftPresetRecord, change: { price: number; unitsLeft: number | null }, at: Date): Promise<void> {
  await tx.update(products).set({ price: change.price, originalPrice: change.price, totalRemaining: change.unitsLeft }).where(eq(products.id, record.productId));
  await tx.update(deals).set({ price: change.price, originalPrice: change.price, updatedAt: at }).where(eq(deals.id, record.dealId));
}
