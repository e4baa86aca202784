import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/query-rows";
import { DELIVERY_LABELS } from "../modules/catalog/rules/delivery-options";

/** How many deals of each kind get a bundle or a promotion: a few, enough for the demo to show them. */
const BUNDLES = 6;
const BLACK_FRIDAY_PROMOTIONS = 40;
/** Next-day delivery costs this much more than standard. */
const NEXT_DAY_SURCHARGE = 300;

/**
 * What the deal page shows beyond the generated catalogue, chosen from it deterministically (by id):
 * - delivery options on every product of a national deal that delivers: standard at the deal's
 *   postage, next day for £3 more, and on every fourth deal click and collect (free) at the
 *   merchant's main address;
 * - the 'Black Friday' promotion on open, buyable deals in the black-friday collection;
 * - bundles: a local deal whose voucher also covers a treat at another business in the same town.
 * Returns how many deals got each.
 */
export async function seedDealExtras(db: Db): Promise<{ deliveryDeals: number; promotions: number; bundles: number }> {
  const delivery = await queryRows<{ deal_id: number }>(db, sql`
    update products p set delivery_options = jsonb_build_array(
        jsonb_build_object('method', 'standard', 'label', ${DELIVERY_LABELS.standard}::text, 'price', d.min_postage_price),
        jsonb_build_object('method', 'next_day', 'label', ${DELIVERY_LABELS.next_day}::text, 'price', d.min_postage_price + ${NEXT_DAY_SURCHARGE}::int)
      ) || case when d.id % 4 = 0 and a.town is not null then jsonb_build_array(jsonb_build_object(
        'method', 'click_and_collect', 'label', ${DELIVERY_LABELS.click_and_collect}::text, 'price', 0,
        'collectFrom', a.address_line1 || ', ' || a.town)) else '[]'::jsonb end
    from deals d left join merchant_addresses a on a.merchant_id = d.merchant_id and a.is_main
    where p.deal_id = d.id and d.deal_type = 'national' and d.delivery_type <> 'none' and d.min_postage_price is not null
      and d.gift_preset is null
    returning p.deal_id`);
  const promotions = await queryRows<{ id: number }>(db, sql`
    update deals set promo_type_title = 'Black Friday'
    where id in (
      select d.id from deals d join deal_tags t on t.deal_id = d.id and t.tag = 'black-friday'
      where d.open and d.published and not d.sold_out
      order by d.id limit ${BLACK_FRIDAY_PROMOTIONS}
    )
    returning id`);
  // A bundle: an open local deal and a deal of another merchant in the same location and another sub-category.
  const pairs = await queryRows<{ deal_id: number; own: string; own_business: string; own_vat: string | null; own_town: string; other: string; other_business: string; other_vat: string | null; other_town: string }>(db, sql`
    select d.id as deal_id, s.name as own, m.business_name as own_business, m.vat_number as own_vat, coalesce(a.town, l.name) as own_town,
      o.other, o.other_business, o.other_vat, o.other_town
    from deals d
    join categories s on s.id = d.sub_category_id
    join merchants m on m.id = d.merchant_id
    join locations l on l.id = d.location_id
    left join merchant_addresses a on a.merchant_id = m.id and a.is_main
    cross join lateral (
      select s2.name as other, m2.business_name as other_business, m2.vat_number as other_vat, coalesce(a2.town, l.name) as other_town
      from deals d2
      join categories s2 on s2.id = d2.sub_category_id
      join merchants m2 on m2.id = d2.merchant_id
      left join merchant_addresses a2 on a2.merchant_id = m2.id and a2.is_main
      where d2.location_id = d.location_id and d2.merchant_id <> d.merchant_id and d2.sub_category_id <> d.sub_category_id
        and d2.open and d2.published
      order by d2.id limit 1
    ) o
    where d.deal_type = 'local' and d.open and d.published and not d.sold_out and d.id % 97 = 0
    order by d.id limit ${BUNDLES}`);
  for (const pair of pairs) {
    await db.execute(sql`
      insert into deal_bundle_children (deal_id, position, name, business_name, vat_number, locations) values
        (${pair.deal_id}, 1, ${pair.own}, ${pair.own_business}, ${pair.own_vat}, ${JSON.stringify([pair.own_town])}::jsonb),
        (${pair.deal_id}, 2, ${pair.other}, ${pair.other_business}, ${pair.other_vat}, ${JSON.stringify([pair.other_town])}::jsonb)
      on conflict do nothing`);
  }
  return { deliveryDeals: new Set(delivery.map((row) => row.deal_id)).size, promotions: promotions.length, bundles: pairs.length };
}
