import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { travelRates } from "./schema";

export type TravelRateRow = typeof travelRates.$inferInsert;

// One statement per this many rows keeps each within PostgreSQL's parameter limit (11 per row).
const ROWS_PER_STATEMENT = 2000;

/** Writes the price and rules of dated products' nights, replacing what those nights had. */
export async function setTravelRates(tx: Db, rows: readonly TravelRateRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await tx
      .insert(travelRates)
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflictDoUpdate({
        target: [travelRates.productId, travelRates.night],
        set: {
          price: sql`excluded.price`,
          vipPrice: sql`excluded.vip_price`,
          openForArrival: sql`excluded.open_for_arrival`,
          openForDeparture: sql`excluded.open_for_departure`,
          openForSale: sql`excluded.open_for_sale`,
          minLengthOfStay: sql`excluded.min_length_of_stay`,
          maxLengthOfStay: sql`excluded.max_length_of_stay`,
          additionalCostText: sql`excluded.additional_cost_text`,
        },
      });
  }
}
