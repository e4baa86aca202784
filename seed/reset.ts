import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Empties the catalogue (and the demo content seeded with it) and restarts its ids, so a re-seed gives the same ids again. CASCADE also
 * empties any table that references the catalogue (e.g. orders of seeded deals).
 */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table reviews, products, deals, merchant_addresses, merchants, categories, locations, special_tags, navigation_items, content_pages, seasonal_themes, scroller_configurations, countdown_banners restart identity cascade`,
  );
  // Dated travel (seed/travel.ts) refers to deals and products by id, without a foreign key.
  await db.execute(sql`truncate table travel_products, travel_rates, travel_flights, inventory_nights restart identity`);
}
