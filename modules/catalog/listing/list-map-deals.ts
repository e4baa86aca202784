/**
 * The map view's deals (/map-view): the local deals of one location that a shopper can buy now
 * (listable and not sold out), each placed at its merchant's main address, grouped into places
 * (several deals of one merchant share one pin).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CountryCode } from "../../../lib/brand";
import type { DealTile } from "../deal-tile";
import { deals, merchantAddresses, merchants } from "../schema";
import { TILE_COLUMNS, scopeCondition } from "./deal-query";

/** At most this many deals are placed on the map (the most popular first); the list shows the same. */
export const MAP_DEALS_LIMIT = 200;

/** Spec discovery §3 Address: a place with no name of its own is titled 'Location'. */
export const DEFAULT_PLACE_TITLE = "Location";

export interface MapDeal extends DealTile {
  placeId: number;
}

/** One pin: a merchant's main address with the deals sold there. */
export interface MapPlace {
  id: number;
  lat: number;
  lon: number;
  /** The merchant's name (the pin's title). */
  title: string;
  /** The neighbourhood or town, for "3 deals near Soho". */
  area: string;
  address: string;
  dealIds: number[];
}

export interface MapDeals {
  deals: MapDeal[];
  places: MapPlace[];
}

/** An address's second line names a neighbourhood when it is words only ("Soho", not "Unit 4"). */
export function placeArea(addressLine2: string | null, town: string): string {
  const line = addressLine2?.trim() ?? "";
  return /^[\p{L}][\p{L} .'&-]*$/u.test(line) && !/^unit\b/i.test(line) ? line : town;
}

export async function listMapDeals(db: Db, input: { countryCode: CountryCode; locationId: number; now: Date; limit?: number }): Promise<MapDeals> {
  const where = and(
    scopeCondition({ countryCode: input.countryCode, locationId: input.locationId, dealTypes: ["local"] }, input.now),
    eq(deals.soldOut, false),
  );
  const rows = await db
    .select({
      ...TILE_COLUMNS,
      addressId: merchantAddresses.id,
      lat: merchantAddresses.lat,
      lon: merchantAddresses.lon,
      addressLine1: merchantAddresses.addressLine1,
      addressLine2: merchantAddresses.addressLine2,
      town: merchantAddresses.town,
      postCode: merchantAddresses.postCode,
      merchantName: merchants.displayName,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .innerJoin(merchantAddresses, and(eq(merchantAddresses.merchantId, deals.merchantId), eq(merchantAddresses.isMain, true)))
    .where(where)
    .orderBy(desc(deals.totalBought), asc(deals.id))
    .limit(input.limit ?? MAP_DEALS_LIMIT);

  const places = new Map<number, MapPlace>();
  const mapDeals: MapDeal[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    // A merchant with two main addresses (bad data) still gives each deal one pin.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const { addressId, lat, lon, addressLine1, addressLine2, town, postCode, merchantName, ...tile } = row;
    let place = places.get(addressId);
    if (!place) {
      place = {
        id: addressId,
        lat,
        lon,
        title: merchantName.trim() || DEFAULT_PLACE_TITLE,
        area: placeArea(addressLine2, town),
        address: [addressLine1, addressLine2, town, postCode].filter(Boolean).join(", "),
        dealIds: [],
      };
      places.set(addressId, place);
    }
    place.dealIds.push(row.id);
    mapDeals.push({ ...tile, placeId: addressId });
  }
  return { deals: mapDeals, places: [...places.values()] };
}
