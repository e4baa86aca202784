import { and, between, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventoryNights, stockReservations } from "../inventory/schema";
import type { NightAvailability } from "./stay-rules";
import { travelRates } from "./schema";

/**
 * The rates and what is left of dated products over a range of nights (inclusive), keyed by
 * product then night: capacity minus sold (inventory_nights) minus other baskets' live holds. A
 * night without a rate is absent (not for sale); a rate without capacity has nothing left. Pass
 * `basketId` so a basket's own holds do not count against it.
 */
export async function loadNightAvailability(
  db: Db,
  request: { productIds: readonly number[]; from: string; to: string; now: Date; basketId?: number },
): Promise<Map<number, Map<string, NightAvailability>>> {
  const result = new Map<number, Map<string, NightAvailability>>();
  if (request.productIds.length === 0) return result;
  const ids = [...request.productIds];
  const held = db
    .select({ productId: stockReservations.productId, night: stockReservations.night, units: sql<number>`sum(${stockReservations.quantity})::int`.as("units") })
    .from(stockReservations)
    .where(
      and(
        inArray(stockReservations.productId, ids),
        between(stockReservations.night, request.from, request.to),
        gt(stockReservations.expiresAt, request.now),
        request.basketId === undefined ? undefined : ne(stockReservations.basketId, request.basketId),
      ),
    )
    .groupBy(stockReservations.productId, stockReservations.night)
    .as("held");
  const rows = await db
    .select({
      productId: travelRates.productId,
      night: travelRates.night,
      price: travelRates.price,
      vipPrice: travelRates.vipPrice,
      openForArrival: travelRates.openForArrival,
      openForDeparture: travelRates.openForDeparture,
      openForSale: travelRates.openForSale,
      minLengthOfStay: travelRates.minLengthOfStay,
      maxLengthOfStay: travelRates.maxLengthOfStay,
      additionalCostText: travelRates.additionalCostText,
      unitsLeft: sql<number>`greatest(coalesce(${inventoryNights.capacity}, 0) - coalesce(${inventoryNights.sold}, 0) - coalesce(${held.units}, 0), 0)::int`,
    })
    .from(travelRates)
    .leftJoin(inventoryNights, and(eq(inventoryNights.productId, travelRates.productId), eq(inventoryNights.night, travelRates.night)))
    .leftJoin(held, and(eq(held.productId, travelRates.productId), eq(held.night, travelRates.night)))
    .where(and(inArray(travelRates.productId, ids), between(travelRates.night, request.from, request.to)));
  for (const { productId, ...night } of rows) {
    let nights = result.get(productId);
    if (!nights) result.set(productId, (nights = new Map()));
    nights.set(night.night, night);
  }
  return result;
}
