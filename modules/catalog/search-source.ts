import { type SQL, sql } from "drizzle-orm";
import { categories, deals, locations, merchants } from "./schema";

/**
 * The catalogue's view of a deal for the search index, as SQL the search module can insert from
 * without knowing the catalogue's tables. One row per deal, these columns:
 *
 * deal_id, country_code, deal_type, location_id, location_name, category_id, category_short_name,
 * category_name, sub_category_id, sub_category_short_name, sub_category_name, merchant_name,
 * headline, title, price, discount_percentage, total_bought, created_at, vip, early_bird,
 * last_chance, free_delivery, listed (published and open), closing_date.
 *
 * Pass deal ids to limit it to those deals (re-indexing after a change). Gift wrap and gift packs
 * (gift presets) are basket products, never search results: they are left out.
 */
export function dealSearchSourceSql(dealIds?: readonly number[]): SQL {
  const top = sql.raw('"top_category"');
  const sub = sql.raw('"sub_category"');
  const only = dealIds ? sql`and ${deals.id} = any(${sql.param([...dealIds])}::int[])` : sql``;
  return sql`
    select ${deals.id} as deal_id, ${deals.countryCode} as country_code, ${deals.dealType} as deal_type,
      ${deals.locationId} as location_id, ${locations.name} as location_name,
      ${top}.id as category_id, ${top}.short_name as category_short_name, ${top}.name as category_name,
      ${sub}.id as sub_category_id, ${sub}.short_name as sub_category_short_name, ${sub}.name as sub_category_name,
      ${merchants.displayName} as merchant_name, ${deals.headline} as headline, ${deals.title} as title,
      ${deals.price} as price, ${deals.discountPercentage} as discount_percentage, ${deals.totalBought} as total_bought,
      ${deals.createdAt} as created_at, ${deals.vipPrice} is not null as vip, ${deals.earlyBird} as early_bird,
      ${deals.lastChance} as last_chance, coalesce(${deals.minPostagePrice} = 0, false) as free_delivery,
      (${deals.published} and ${deals.open}) as listed, ${deals.closingDate} as closing_date
    from ${deals}
    join ${merchants} on ${merchants.id} = ${deals.merchantId}
    join ${categories} as ${top} on ${top}.id = ${deals.categoryId}
    join ${categories} as ${sub} on ${sub}.id = ${deals.subCategoryId}
    left join ${locations} on ${locations.id} = ${deals.locationId}
    where ${deals.giftPreset} is null ${only}`;
}
