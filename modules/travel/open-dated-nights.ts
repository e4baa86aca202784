import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals, products } from "../catalog/schema";
import { setNightCapacity } from "../inventory/night-capacity";
import { travelProducts, travelRates } from "./schema";
import { addDays } from "./stay-rules";

/**
 * Opens a travel product for dated sale over a run of nights: its travel row (priced per night,
 * unless it already has one), a rate on each night (and the check-out day) at `price`, and
 * `capacity` units a night. For the development tools (browser journeys, demos) and operators;
 * the seed and the merchants' own rates do the same at scale.
 */
export async function openDatedNights(
  db: Db,
  opening: { productId: number; dealId: number; from: string; nights: number; price: number; vipPrice: number | null; capacity: number },
): Promise<void> {
  const days = Array.from({ length: opening.nights + 1 }, (_, index) => addDays(opening.from, index));
  await db.transaction(async (tx) => {
    await tx.insert(travelProducts).values({ productId: opening.productId, dealId: opening.dealId, priceBasis: "night" }).onConflictDoNothing();
    await tx
      .insert(travelRates)
      .values(days.map((night) => ({ productId: opening.productId, night, price: opening.price, vipPrice: opening.vipPrice, minLengthOfStay: 1, maxLengthOfStay: 16 })))
      .onConflictDoUpdate({
        target: [travelRates.productId, travelRates.night],
        set: { price: sql`excluded.price`, vipPrice: sql`excluded.vip_price`, openForArrival: true, openForDeparture: true, openForSale: true, minLengthOfStay: 1, maxLengthOfStay: 16 },
      });
    await setNightCapacity(tx, { productId: opening.productId, nights: days.slice(0, -1), capacity: opening.capacity });
  });
}

/**
 * A travel deal of the market on sale for a while yet, with a plain option (not VIP only, no
 * flights): what the development tools open. `calendarWithAdminFee` asks for an option with an
 * admin fee on a deal booked on its calendar (the honest-totals journey).
 */
export async function findOpenTravelOption(db: Db, market: { countryCode: "GB" | "IE"; now: Date; calendarWithAdminFee?: boolean }) {
  const [row] = await db
    .select({ dealId: deals.id, productId: products.id, headline: deals.headline, friendlyName: products.friendlyName, urlPath: deals.urlPath, price: products.price, vipPrice: products.vipPrice })
    .from(deals)
    .innerJoin(products, eq(products.dealId, deals.id))
    .leftJoin(travelProducts, eq(travelProducts.productId, products.id))
    .where(
      and(
        eq(deals.dealType, "travel"),
        eq(deals.countryCode, market.countryCode),
        eq(deals.published, true),
        eq(deals.open, true),
        eq(deals.soldOut, false),
        gt(deals.closingDate, new Date(market.now.getTime() + 30 * 86_400_000)),
        sql`(${deals.vipEarlyAccessUntil} is null or ${deals.vipEarlyAccessUntil} <= ${market.now.toISOString()}::timestamptz)`,
        eq(products.visible, true),
        eq(products.disabled, false),
        eq(products.soldOut, false),
        eq(products.vipExclusive, false),
        sql`coalesce(${travelProducts.withFlights}, false) = false`,
        market.calendarWithAdminFee ? and(gt(products.adminFee, 0), or(eq(deals.productDisplayType, "calendar"), eq(deals.redemptionType, "calendar"))) : undefined,
      ),
    )
    .orderBy(asc(deals.id), asc(products.id))
    .limit(1);
  return row ?? null;
}
