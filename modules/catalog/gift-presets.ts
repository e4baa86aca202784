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
