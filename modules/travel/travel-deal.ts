import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import type { CountryCode } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { deals } from "../catalog/schema";
import type { CalendarProductView } from "./availability-types";
import { FareTable, type FareRow, faresSql } from "./flight-fares";
import { type NightArrays, type PackedNights, type PackedRules, packedNightsSql, packedRulesSql, unpackNights, unpackRules } from "./night-arrays";
import { dayNumber } from "./travel-dates";
import { travelError } from "./errors";

/** A dated product of a deal: its calendar view plus the catalogue price it leads with. */
export interface TravelProduct extends CalendarProductView {
  /** The catalogue product's price (the advertised "from" price of the option). */
  leadPrice: number;
  /** The product's mandatory admin fee, charged once per booking (minor units). */
  adminFee: number;
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
        'roomOnly', tp.room_only, 'withFlights', tp.with_flights, 'leadPrice', p.price, 'adminFee', p.admin_fee
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

/** A dated product with, when priced, its nights over the month window. */
export interface CalendarOption {
  product: TravelProduct;
  nights: NightArrays | undefined;
}

interface CalendarRow {
  id: number;
  currency: Currency;
  countryCode: CountryCode;
  dealType: string;
  published: boolean;
  vipDiscountAllowed: boolean;
  options: (TravelProduct & { nights: PackedNights | null })[] | string | null;
  fares: FareRow[] | string | null;
}

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The calendar's one statement, one row: the deal; its dated options with, for the options priced
 * (all, or the lead product alone), their packed nights over the month window (`from`–`to`:
 * prices, rules, rooms left); and the deal's flight fares for the month (`faresFrom`–`faresTo`).
 */
const calendarStatement = preparedStatement((db: Db) =>
  db
    .select({
      id: sql<number>`d.id`,
      currency: sql<Currency>`d.currency`,
      countryCode: sql<CountryCode>`d.country_code`,
      dealType: sql<string>`d.deal_type`,
      published: sql<boolean>`d.published`,
      vipDiscountAllowed: sql<boolean>`d.vip_discount_allowed`,
      options: sql<CalendarRow["options"]>`(select json_agg(json_build_object(
          'productId', p.id, 'friendlyName', p.friendly_name, 'leadPrice', p.price, 'adminFee', p.admin_fee, 'priceBasis', tp.price_basis,
          'occupancy', tp.occupancy, 'roomOnly', tp.room_only, 'withFlights', tp.with_flights,
          'nights', case when ${placeholder("lead")}::int is null or p.id = ${placeholder("lead")}::int
            then ${packedNightsSql(sql`p.id`, placeholder("from"), placeholder("to"), placeholder("now"))} end
        ) order by p.sort_order, p.id)
        from products p join travel_products tp on tp.product_id = p.id
        where p.deal_id = d.id and p.visible and not p.disabled)`,
      fares: sql<CalendarRow["fares"]>`${faresSql(sql`d.id`, placeholder("faresFrom"), placeholder("faresTo"), placeholder("passengers"), placeholder("airports"))}`,
    })
    .from(sql`deals d`)
    .where(sql`d.id = ${placeholder("dealId")} and d.country_code = ${placeholder("countryCode")} and d.gift_preset is null`)
    .prepare("travel_calendar"),
);

/**
 * The deal, its dated options, their nights and the month's fares in one read, for the calendar.
 * Throws as `loadTravelDeal` does; PRODUCT_NOT_IN_DEAL when `leadProductId` is not one of its options.
 */
export async function loadCalendarDeal(
  db: Db,
  request: {
    dealId: number;
    countryCode: CountryCode;
    from: string;
    to: string;
    now: Date;
    leadProductId?: number;
    /** Flights out from `faresFrom` and back by `faresTo`, with seats for the passengers, from the airports (null: any). */
    faresFrom: string;
    faresTo: string;
    passengers: number;
    airports: readonly string[] | null;
  },
): Promise<{ deal: TravelDeal; options: CalendarOption[]; fares: FareTable }> {
  const [row]: CalendarRow[] = await calendarStatement(db).execute({
    dealId: request.dealId,
    countryCode: request.countryCode,
    lead: request.leadProductId ?? null,
    from: request.from,
    to: request.to,
    now: request.now.toISOString(),
    faresFrom: request.faresFrom,
    faresTo: request.faresTo,
    passengers: request.passengers,
    airports: request.airports === null ? null : [...request.airports],
  });
  if (!row || !row.published) throw travelError("DEAL_NOT_FOUND");
  const parsed = typeof row.options === "string" ? (JSON.parse(row.options) as Exclude<CalendarRow["options"], string>) : row.options;
  const options: CalendarOption[] = (parsed ?? []).map(({ nights, ...product }) => ({ product, nights: unpackNights(nights) }));
  if (row.dealType !== "travel" || options.length === 0) throw travelError("NO_CALENDAR");
  if (request.leadProductId !== undefined && !options.some((option) => option.product.productId === request.leadProductId)) throw travelError("PRODUCT_NOT_IN_DEAL");
  const deal: TravelDeal = { id: row.id, currency: row.currency, countryCode: row.countryCode, vipDiscountAllowed: row.vipDiscountAllowed, products: options.map((o) => o.product) };
  const fares = typeof row.fares === "string" ? (JSON.parse(row.fares) as FareRow[]) : row.fares;
  return { deal, options, fares: FareTable.fromRows(fares ?? [], dayNumber(request.faresFrom)) };
}

const stayRulesStatement = preparedStatement((db: Db) =>
  db
    .select({
      productId: sql<number>`p.id`,
      priceBasis: sql<"night" | "stay">`tp.price_basis`,
      rules: sql<PackedRules | string | null>`${packedRulesSql(sql`p.id`, placeholder("from"), placeholder("to"))}`,
    })
    .from(sql`products p join travel_products tp on tp.product_id = p.id`)
    .where(sql`p.deal_id = ${placeholder("dealId")} and p.visible and not p.disabled and (${placeholder("lead")}::int is null or p.id = ${placeholder("lead")}::int)`)
    .orderBy(sql`p.sort_order`, sql`p.id`)
    .prepare("travel_stay_rules"),
);

/**
 * The stay rules (arrival and departure days, nights on sale, min and max stay) of a deal's dated
 * options from `from` to `to`, as nights with every room free and no prices: which days could take
 * a stay at all. One prepared statement, one range read of travel_rates per option.
 */
export async function loadStayRules(
  db: Db,
  request: { dealId: number; from: string; to: string; leadProductId?: number },
): Promise<{ productId: number; priceBasis: "night" | "stay"; rules: NightArrays | undefined }[]> {
  const rows = await stayRulesStatement(db).execute({ dealId: request.dealId, from: request.from, to: request.to, lead: request.leadProductId ?? null });
  return rows.map((row) => ({ productId: Number(row.productId), priceBasis: row.priceBasis, rules: unpackRules(row.rules) }));
}
