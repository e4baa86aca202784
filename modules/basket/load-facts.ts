import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { marketTimeZone } from "../../lib/market-time";
import { dealSalesJson } from "../catalog/deal-detail/sales";
import { findSellableProducts } from "../catalog/sellable-products";
import { basketHoldsJson, heldByOthersJson, heldInBasketsJson } from "../inventory/hold-facts";
import { customerPurchasesJson } from "../inventory/purchases";
import type { BasketFacts, BasketLine } from "./evaluate-lines";
import { baskets } from "./schema";
import { loadLineStays } from "./travel-lines";

/** A list of ids for `in (…)`; `in (null)` matches nothing, where `in ()` would not parse. */
function idList(ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`null` : sql.join([...new Set(ids)].map((id) => sql`${id}`), sql`, `);
}

type Pairs = [number, number][];
type Triples = [number, number, number][];

interface FactRow {
  reserved: Pairs;
  holds: [number, number, string][];
  purchases: Triples;
  sales: Triples;
  held_elsewhere: Triples | null;
}

function unitsByDealAndProduct(rows: Triples) {
  const units = { unitsByDeal: new Map<number, number>(), unitsByProduct: new Map<number, number>() };
  for (const [dealId, productId, count] of rows) {
    if (dealId === null || productId === null) continue;
    units.unitsByDeal.set(dealId, (units.unitsByDeal.get(dealId) ?? 0) + count);
    units.unitsByProduct.set(productId, count);
  }
  return units;
}

/** The customer's other open baskets: a customer cannot hold more than their purchase cap across baskets. */
function otherOpenBaskets(customerId: number, basketId: number): SQL {
  return sql`select ${baskets.id} from ${baskets} where ${baskets.customerId} = ${customerId} and ${baskets.orderedAt} is null and ${baskets.id} <> ${basketId}`;
}

/**
 * Everything the line rules need about these products, for this basket and customer. With `lock`
 * (inside a transaction), the deals and products are locked first, so what is read next about
 * holds and sales cannot change before the transaction ends. Other baskets' holds, this basket's
 * holds, past purchases (inventory) and deal sales (catalog's ledger) come back in one statement: each round trip inside a transaction is time the
 * row locks of a popular deal are held.
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
    /** The basket's lines: travel lines' stays are priced against the nights left (./travel-lines.ts). */
    lines?: readonly BasketLine[];
  },
): Promise<BasketFacts> {
  const found = await findSellableProducts(db, query.productIds, { lock: query.lock });
  const products = new Map(found.map((product) => [product.id, product]));
  const dealIds = idList(found.map((product) => product.deal.id));
  const cappedDealIds = found.filter((p) => p.deal.dailyCap !== null || p.deal.weeklyCap !== null).map((p) => p.deal.id);
  const [row] = await queryRows<FactRow>(
    db,
    sql`select
      ${heldByOthersJson(idList([...products.keys()]), query.basketId, query.now)} as reserved,
      ${basketHoldsJson(query.basketId)} as holds,
      ${customerPurchasesJson(query.customerId, dealIds)} as purchases,
      ${cappedDealIds.length > 0 ? dealSalesJson(idList(cappedDealIds), query.now, marketTimeZone(query.countryCode)) : sql`'[]'::json`} as sales,
      ${query.countHoldsElsewhere && query.customerId !== null ? heldInBasketsJson(otherOpenBaskets(query.customerId, query.basketId), dealIds, query.now) : sql`null`} as held_elsewhere`,
  );
  const stays = query.lines ? await loadLineStays(db, query.lines, products, { basketId: query.basketId, now: query.now }) : undefined;
  return {
    products,
    stays,
    reservedByOthers: new Map(row.reserved),
    purchases: unitsByDealAndProduct(row.purchases),
    sales: new Map(row.sales.map(([dealId, today, thisWeek]) => [dealId, { today, thisWeek }])),
    holds: new Map(row.holds.map(([lineId, quantity, expiresAt]) => [lineId, { quantity, expiresAt: new Date(expiresAt) }])),
    heldElsewhere: row.held_elsewhere && unitsByDealAndProduct(row.held_elsewhere),
  };
}
