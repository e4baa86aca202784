import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { PromoCode, PromoUsage } from "./evaluate-promo";
import { promoCodes, promoRedemptions } from "./schema";

/** Spaces and case do not matter when a shopper types a code. */
export function normalisePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The brand's promo code, locked until the transaction ends when `lock` (usage limits are checked under it). */
export async function findPromoCode(db: Db, brand: BrandId, code: string, options: { lock?: boolean } = {}): Promise<PromoCode | null> {
  const query = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.brand, brand), eq(sql`upper(${promoCodes.code})`, normalisePromoCode(code))));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function promoUsage(db: Db, promoCodeId: number, customerId: number | null): Promise<PromoUsage> {
  const [row] = await db
    .select({
      total: count(),
      byCustomer: sql<number>`count(*) filter (where ${promoRedemptions.customerId} = ${customerId ?? -1})::int`,
    })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeId, promoCodeId));
  return { total: Number(row.total), byCustomer: Number(row.byCustomer) };
}

export async function recordRedemption(tx: Db, redemption: { promoCodeId: number; customerId: number; orderId: number; amount: number; at: Date }) {
  await tx.insert(promoRedemptions).values({
    promoCodeId: redemption.promoCodeId,
    customerId: redemption.customerId,
    orderId: redemption.orderId,
    amount: redemption.amount,
    createdAt: redemption.at,
  });
}
