import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { localDate } from "../../lib/market-time";
import { announceDealChanges } from "../catalog/deal-changes";
import { setNightCapacity } from "../inventory/night-capacity";
import { reindexDeals } from "../search/index-deals";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { setTravelRates } from "../travel/set-travel-rates";
import { datedProductsOfDeal } from "../travel/travel-products";
import { dealPipelineError } from "./errors";
import { type ParsedRateFile, parseTravelRateFile, type RateFileError } from "./travel-rates-csv";

export interface RateImportOutcome {
  /** Rows that would be (dry run) or were written. */
  rows: number;
  errors: RateFileError[];
  moreErrors: number;
  applied: boolean;
  /** Per option: how many nights, and the first and last. */
  options: { productId: number; name: string; nights: number; first: string; last: string }[];
}

/**
 * Staff load a travel deal's nights and rates from a file: a dry run checks every row and says
 * what would change; applying writes the rates and the rooms on sale in one transaction (only when
 * no row has an error), with an audit row, then drops the deal's cached pages and reindexes it.
 * Rooms never drop below what is already sold on a night (`setNightCapacity`).
 */
export async function importTravelRates(db: Db, clock: Clock, actor: StaffActor, deal: { id: number; timeZone: string }, text: string, apply: boolean): Promise<RateImportOutcome> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  const options = await datedProductsOfDeal(db, deal.id);
  if (options.length === 0) throw dealPipelineError("NO_DATED_OPTIONS");
  const parsed = parseTravelRateFile(
    text,
    options.map((option) => option.productId),
    localDate(clock.now(), deal.timeZone),
  );
  const outcome: RateImportOutcome = {
    rows: parsed.rates.length,
    errors: parsed.errors,
    moreErrors: parsed.moreErrors,
    applied: false,
    options: options.flatMap((option) => {
      const nights = parsed.rates.filter((rate) => rate.productId === option.productId).map((rate) => rate.night as string);
      if (nights.length === 0) return [];
      nights.sort();
      return [{ productId: option.productId, name: option.name, nights: nights.length, first: nights[0], last: nights.at(-1)! }];
    }),
  };
  if (!apply || parsed.errors.length > 0) {
    if (apply) throw dealPipelineError("RATES_FILE_HAS_ERRORS");
    return outcome;
  }
  await writeTravelRates(db, clock, actor, deal.id, parsed, {
    action: "deal.travel-rates-import",
    after: {
      rows: outcome.rows,
      options: Object.fromEntries(outcome.options.map((option) => [option.productId, `${option.nights} nights, ${option.first} to ${option.last}`])),
    },
  });
  return { ...outcome, applied: true };
}

/**
 * Writes checked nights (rates and rooms on sale) in one transaction with their audit row, drops the
 * deal's cached pages on commit, then reindexes it: the file import and the calendar both end here.
 */
export async function writeTravelRates(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  dealId: number,
  nights: Pick<ParsedRateFile, "rates" | "rooms">,
  audit: { action: string; after: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await setTravelRates(tx, nights.rates);
    const byRooms = new Map<string, { productId: number; capacity: number; nights: string[] }>();
    for (const { productId, night, rooms } of nights.rooms) {
      const key = `${productId}/${rooms}`;
      const group = byRooms.get(key) ?? { productId, capacity: rooms, nights: [] };
      group.nights.push(night);
      byRooms.set(key, group);
    }
    for (const group of byRooms.values()) await setNightCapacity(tx, group);
    await recordStaffChange(tx, clock, actor, { action: audit.action, entity: { type: "deal", id: dealId }, before: null, after: audit.after });
    await announceDealChanges(tx, [dealId]);
  });
  await reindexDeals(db, [dealId], clock);
}
