import { asc, eq, inArray } from "drizzle-orm";
import { products } from "../catalog/schema";
import type { Db } from "../../db/client";
import { type TravelPriceBasis, travelProducts } from "./schema";

/** A dated product: how it is priced and how many guests a unit takes. */
export interface TravelProduct {
  productId: number;
  dealId: number;
  priceBasis: TravelPriceBasis;
  occupancy: number;
  roomOnly: boolean;
  withFlights: boolean;
}

/** The dated products among these ids (a product absent from the answer is sold undated). */
export async function findTravelProducts(db: Db, productIds: readonly number[]): Promise<Map<number, TravelProduct>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(travelProducts).where(inArray(travelProducts.productId, ids));
  return new Map(rows.map((row) => [row.productId, row]));
}

/** A deal's dated products with the names staff know them by, in product order. */
export async function datedProductsOfDeal(db: Db, dealId: number): Promise<{ productId: number; name: string; priceBasis: TravelPriceBasis }[]> {
  return db
    .select({ productId: travelProducts.productId, name: products.friendlyName, priceBasis: travelProducts.priceBasis })
    .from(travelProducts)
    .innerJoin(products, eq(products.id, travelProducts.productId))
    .where(eq(travelProducts.dealId, dealId))
    .orderBy(asc(travelProducts.productId));
}
