import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { deals, products } from "../modules/catalog/schema";
import { withinVipPromise } from "../modules/vip/vip-terms";
import type { Db } from "../db/client";

/** Deals per market given VIP early access, and given a VIP-only option. */
const EARLY_ACCESS_PER_MARKET = 3;
const EXCLUSIVES_PER_MARKET = 3;
const DAY = 86_400_000;

/**
 * The VIP hub's demo contents (docs/decisions/vip-hub.md), on top of the generated catalogue: in
 * each market a few shop deals with VIP prices go into VIP early access for a few more days, and a
 * few others get a VIP-only option (a richer version of their lead option, at the same VIP price
 * saving). Only shop deals shown as a dropdown are used, so local listings and the deals the other
 * journeys buy (option lists) stay as they were. Deterministic: the lowest ids that qualify.
 */
export async function seedVipShowcase(db: Db, now: Date): Promise<{ earlyAccess: number; exclusives: number }> {
  let earlyAccess = 0;
  let exclusives = 0;
  for (const countryCode of ["GB", "IE"] as const) {
    const candidates = await db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.countryCode, countryCode),
          eq(deals.dealType, "national"),
          eq(deals.productDisplayType, "dropdown"),
          eq(deals.vipDiscountAllowed, true),
          eq(deals.published, true),
          eq(deals.open, true),
          eq(deals.soldOut, false),
          eq(deals.showPrice, true),
          gt(deals.closingDate, new Date(now.getTime() + 30 * DAY)),
        ),
      )
      .orderBy(asc(deals.id))
      .limit(EARLY_ACCESS_PER_MARKET + EXCLUSIVES_PER_MARKET);
    const early = candidates.slice(0, EARLY_ACCESS_PER_MARKET);
    for (const [index, deal] of early.entries()) {
      await db
        .update(deals)
        .set({ vipEarlyAccessUntil: new Date(now.getTime() + (index + 2) * DAY) })
        .where(eq(deals.id, deal.id));
      earlyAccess += 1;
    }
    const exclusive = candidates.slice(EARLY_ACCESS_PER_MARKET).map((deal) => deal.id);
    if (exclusive.length === 0) continue;
    const options = await db
      .select()
      .from(products)
      .where(and(inArray(products.dealId, exclusive), eq(products.visible, true), eq(products.disabled, false), eq(products.soldOut, false)))
      .orderBy(asc(products.dealId), asc(products.sortOrder), asc(products.id));
    for (const dealId of exclusive) {
      const dealOptions = options.filter((option) => option.dealId === dealId);
      const lead = dealOptions[0];
      if (!lead) continue;
      const price = Math.round((lead.price * 1.25) / 100) * 100 - 1;
      const saving = lead.vipPrice !== null ? lead.price - lead.vipPrice : Math.round(lead.price * 0.1);
      await db.insert(products).values({
        dealId,
        friendlyName: `VIP Exclusive: ${lead.friendlyName} with a free gift set`,
        price,
        originalPrice: Math.max(lead.originalPrice, Math.round(price * 1.6)),
        vipPrice: withinVipPromise(price, Math.max(1, price - Math.max(saving, 100))),
        vipExclusive: true,
        adminFee: lead.adminFee,
        totalRemaining: 200,
        sortOrder: Math.max(...dealOptions.map((option) => option.sortOrder)) + 1,
      });
      exclusives += 1;
    }
  }
  return { earlyAccess, exclusives };
}
