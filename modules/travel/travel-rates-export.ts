import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventoryNights } from "../inventory/schema";
import { travelRates } from "./schema";

export interface TravelRateLine {
  productId: number;
  night: string;
  price: number;
  vipPrice: number | null;
  rooms: number | null;
  sold: number;
  openForArrival: boolean;
  openForDeparture: boolean;
  openForSale: boolean;
  minLengthOfStay: number;
  maxLengthOfStay: number;
  additionalCostText: string | null;
}

/** The rates and rooms of dated products from a night on, by product and night (what staff download, change and load again). */
export async function travelRatesFrom(db: Db, productIds: readonly number[], fromNight: string): Promise<TravelRateLine[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      productId: travelRates.productId,
      night: travelRates.night,
      price: travelRates.price,
      vipPrice: travelRates.vipPrice,
      rooms: inventoryNights.capacity,
      sold: inventoryNights.sold,
      openForArrival: travelRates.openForArrival,
      openForDeparture: travelRates.openForDeparture,
      openForSale: travelRates.openForSale,
      minLengthOfStay: travelRates.minLengthOfStay,
      maxLengthOfStay: travelRates.maxLengthOfStay,
      additionalCostText: travelRates.additionalCostText,
    })
    .from(travelRates)
    .leftJoin(inventoryNights, and(eq(inventoryNights.productId, travelRates.productId), eq(inventoryNights.night, travelRates.night)))
    .where(and(inArray(travelRates.productId, [...productIds]), gte(travelRates.night, fromNight)))
    .orderBy(asc(travelRates.productId), asc(travelRates.night));
  return rows.map((row) => ({ ...row, sold: row.sold ?? 0 }));
}
