import { runQueries } from "../../db/run-queries";
import type { Db } from "../../db/client";
import { findSellableProducts } from "../catalog/sellable-products";
import { marketTimeZone } from "../orders/market-time";
import { customerPurchases, dealSales } from "../orders/purchase-history";
import type { BasketFacts } from "./evaluate-lines";
import { basketHolds, unitsHeldByCustomerElsewhere, unitsReservedByOthers } from "./reservations";

/**
 * Everything the line rules need about these products, for this basket and customer. With `lock`
 * (inside a transaction), the deals and products are locked first, so what is read next about
 * reservations and sales cannot change before the transaction ends.
 */
export async function loadBasketFacts(
  db: Db,
  query: {
    basketId: number;
    productIds: readonly number[];
    customerId: number | null;
    countryCode: "GB" | "IE";
    now: Date;
    lock?: boolean;
    /** When adding: the customer's holds in their other baskets count towards their caps too. */
    countHoldsElsewhere?: boolean;
  },
): Promise<BasketFacts> {
  const found = await findSellableProducts(db, query.productIds, { lock: query.lock });
  const products = new Map(found.map((product) => [product.id, product]));
  const dealIds = [...new Set(found.map((product) => product.deal.id))];
  const cappedDealIds = found.filter((p) => p.deal.dailyCap !== null || p.deal.weeklyCap !== null).map((p) => p.deal.id);
  const [reservedByOthers, purchases, sales, holds, heldElsewhere] = await runQueries(db, [
    () => unitsReservedByOthers(db, [...products.keys()], query.basketId, query.now),
    () => customerPurchases(db, query.customerId, dealIds),
    () => dealSales(db, [...new Set(cappedDealIds)], query.now, marketTimeZone(query.countryCode)),
    () => basketHolds(db, query.basketId),
    () => (query.countHoldsElsewhere ? unitsHeldByCustomerElsewhere(db, query.customerId, query.basketId, dealIds, query.now) : Promise.resolve(null)),
  ] as const);
  return { products, reservedByOthers, purchases, sales, holds, heldElsewhere };
}
