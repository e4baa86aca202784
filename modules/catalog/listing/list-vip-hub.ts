/**
 * The VIP hub's own rows (/deals/vip, docs/decisions/vip-hub.md): VIP-exclusive options (products
 * only active members may buy) and deals in VIP early access (members buy them before everyone
 * else, until `vip_early_access_until`). Local deals come from the visitor's location, shop and
 * travel deals from the whole market, as on the rest of the VIP page. The same for every visitor:
 * the hub is a shared, cacheable page.
 */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CountryCode } from "../../../lib/brand";
import { withProduct } from "../deal-detail/urls";
import type { DealTile } from "../deal-tile";
import { deals, products } from "../schema";
import { TILE_COLUMNS, scopeCondition } from "./deal-query";

/** Rows the hub shows of each kind. */
export const VIP_HUB_ROW_SIZE = 8;

export interface VipExclusiveOffer {
  deal: DealTile;
  product: { id: number; friendlyName: string; price: number; vipPrice: number | null; originalPrice: number };
  /** The deal page with the exclusive option chosen. */
  href: string;
}

export interface VipEarlyAccessDeal {
  deal: DealTile;
  /** Until then only VIP members may buy it; afterwards everyone. */
  until: Date;
}

export interface VipHub {
  exclusives: VipExclusiveOffer[];
  earlyAccess: VipEarlyAccessDeal[];
}

export async function listVipHub(db: Db, request: { countryCode: CountryCode; locationId: number; now: Date; limit?: number }): Promise<VipHub> {
  const limit = request.limit ?? VIP_HUB_ROW_SIZE;
  const listable = scopeCondition({ countryCode: request.countryCode, locationId: request.locationId, withNonLocal: true }, request.now);
  const onSale = and(eq(products.vipExclusive, true), eq(products.disabled, false), eq(products.visible, true), eq(products.soldOut, false))!;
  const [exclusiveRows, earlyRows] = await Promise.all([
    db
      .select({
        tile: TILE_COLUMNS,
        product: { id: products.id, friendlyName: products.friendlyName, price: products.price, vipPrice: products.vipPrice, originalPrice: products.originalPrice },
      })
      .from(products)
      .innerJoin(deals, eq(deals.id, products.dealId))
      .where(and(listable, onSale, sql`(${products.totalRemaining} is null or ${products.totalRemaining} > 0)`))
      .orderBy(desc(deals.totalBought), asc(deals.id), asc(products.sortOrder), asc(products.id))
      .limit(limit * 3),
    db
      .select({ tile: TILE_COLUMNS, until: deals.vipEarlyAccessUntil })
      .from(deals)
      .where(and(listable, gt(deals.vipEarlyAccessUntil, request.now)))
      .orderBy(asc(deals.vipEarlyAccessUntil), asc(deals.id))
      .limit(limit),
  ]);
  // One option per deal: the first exclusive one.
  const seen = new Set<number>();
  const exclusives: VipExclusiveOffer[] = [];
  for (const row of exclusiveRows) {
    if (seen.has(row.tile.id) || exclusives.length >= limit) continue;
    seen.add(row.tile.id);
    exclusives.push({ deal: row.tile, product: row.product, href: withProduct(row.tile.urlPath, `/${row.product.id}`) });
  }
  return {
    exclusives,
    earlyAccess: earlyRows.flatMap((row) => (row.until ? [{ deal: row.tile, until: row.until }] : [])),
  };
}
