import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import type { CountryCode } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { deals } from "../catalog/schema";
import type { CalendarProductView } from "./availability-types";
import { travelError } from "./travel-errors";

/** A dated product of a deal: its calendar view plus the catalogue price it leads with. */
export interface TravelProduct extends CalendarProductView {
  /** The catalogue product's price (the advertised "from" price of the option). */
  leadPrice: number;
}

/** What the calendar and flights calls need to know about a deal. */
export interface TravelDeal {
  id: number;
  currency: Currency;
  countryCode: CountryCode;
  vipDiscountAllowed: boolean;
  /** Its dated products that can be sold (visible, not withdrawn), in the deal's order. */
  products: TravelProduct[];
}

/**
 * The deal and its dated products in one statement. Products are found through the catalogue's
 * products of the deal (products_deal_idx), then travel_products by primary key.
 */
const travelDealStatement = preparedStatement((db: Db) =>
  db
    .select({
      id: deals.id,
      currency: deals.currency,
      countryCode: deals.countryCode,
      dealType: deals.dealType,
      published: deals.published,
      vipDiscountAllowed: deals.vipDiscountAllowed,
      // Spelled out with aliases: drizzle leaves columns unqualified in a one-table select.
      products: sql<TravelProduct[]>`coalesce((select json_agg(json_build_object(
        'productId', p.id, 'friendlyName', p.friendly_name, 'priceBasis', tp.price_basis, 'occupancy', tp.occupancy,
        'roomOnly', tp.room_only, 'withFlights', tp.with_flights, 'leadPrice', p.price
      ) order by p.sort_order, p.id)
      from products p join travel_products tp on tp.product_id = p.id
      where p.deal_id = deals.id and p.visible and not p.disabled), '[]'::json)`,
    })
    .from(deals)
    .where(and(eq(deals.id, sql.placeholder("dealId")), eq(deals.countryCode, sql.placeholder("countryCode")), isNull(deals.giftPreset)))
    .limit(1)
    .prepare("travel_deal"),
);

/**
 * The deal as the travel calls see it. Throws DEAL_NOT_FOUND for no published deal of that id in
 * the market, NO_CALENDAR for a deal without dated products (its vouchers are undated).
 */
export async function loadTravelDeal(db: Db, dealId: number, countryCode: CountryCode): Promise<TravelDeal> {
  const [row] = await travelDealStatement(db).execute({ dealId, countryCode });
  if (!row || !row.published) throw travelError("DEAL_NOT_FOUND");
  if (row.dealType !== "travel" || row.products.length === 0) throw travelError("NO_CALENDAR");
  return { id: row.id, currency: row.currency, countryCode: row.countryCode, vipDiscountAllowed: row.vipDiscountAllowed, products: row.products };
}

/** The view the calendar answers with (no lead price). */
export function productView(product: TravelProduct): CalendarProductView {
  return {
    productId: product.productId,
    friendlyName: product.friendlyName,
    priceBasis: product.priceBasis,
    occupancy: product.occupancy,
    roomOnly: product.roomOnly,
    withFlights: product.withFlights,
  };
}
