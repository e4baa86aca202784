import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { localDate } from "../../lib/market-time";
import { parseMajorUnits } from "../../lib/money";
import { hasPermission } from "../staff/permissions";
import type { StaffActor } from "../staff/staff-actor";
import { datedProductsOfDeal } from "../travel/travel-products";
import { travelRatesFrom } from "../travel/travel-rates-export";
import { DEAL_PIPELINE_ERRORS, dealPipelineError } from "./errors";
import { writeTravelRates } from "./import-travel-rates";
import { isNight } from "./travel-rates-csv";

/** The most nights one change covers: a year, so a slip of the year in a date cannot rewrite a decade. */
export const MAX_NIGHTS_PER_CHANGE = 366;

/** What staff set on a run of nights from the calendar: price and rooms for every night in it, and whether they are on sale. */
export interface NightsChange {
  productId: number;
  from: string;
  to: string;
  price: number;
  vipPrice: number | null;
  rooms: number;
  onSale: boolean;
}

export const NIGHTS_FIELDS = ["from", "to", "price", "vipPrice", "rooms", "onSale"] as const;
export type NightsFieldErrors = Partial<Record<(typeof NIGHTS_FIELDS)[number], string>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The nights from `from` to `to`, both included. */
export function nightsBetween(from: string, to: string): string[] {
  const nights: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) nights.push(new Date(at).toISOString().slice(0, 10));
  return nights;
}

/** Checks the calendar's form (`today` is the market's date); answers the change or each field's problem. */
export function parseNightsForm(raw: Record<string, string>, productId: number, today: string): { ok: true; change: NightsChange } | { ok: false; fieldErrors: NightsFieldErrors } {
  const errors: NightsFieldErrors = {};
  const field = (name: (typeof NIGHTS_FIELDS)[number]) => (raw[name] ?? "").trim();
  const [from, to] = [field("from"), field("to")];
  if (!isNight(from)) errors.from = "Enter the first night as a date, such as 2027-03-14.";
  else if (from < today) errors.from = DEAL_PIPELINE_ERRORS.NIGHTS_IN_PAST.message;
  if (!isNight(to)) errors.to = "Enter the last night as a date, such as 2027-03-20.";
  else if (isNight(from) && to < from) errors.to = "The last night must be on or after the first night.";
  else if (isNight(from) && nightsBetween(from, to).length > MAX_NIGHTS_PER_CHANGE) errors.to = `Change at most ${MAX_NIGHTS_PER_CHANGE} nights at once.`;
  const price = parseMajorUnits(field("price").replace(/^[£€]/, ""));
  if (price === null || price <= 0) errors.price = "Enter the price, such as 89.00.";
  const vipText = field("vipPrice").replace(/^[£€]/, "");
  const vipPrice = vipText === "" ? null : parseMajorUnits(vipText);
  if (vipText !== "" && vipPrice === null) errors.vipPrice = "Enter the VIP price, such as 79.00, or leave it blank.";
  else if (vipPrice !== null && price !== null && vipPrice >= price) errors.vipPrice = "The VIP price must be lower than the price, or left blank.";
  const rooms = /^\d{1,3}$/.test(field("rooms")) ? Number(field("rooms")) : null;
  if (rooms === null) errors.rooms = "Enter the rooms on sale each night, a whole number from 0 to 999.";
  const onSale = field("onSale");
  if (onSale !== "yes" && onSale !== "no") errors.onSale = "Choose whether these nights are on sale.";
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, change: { productId, from, to, price: price!, vipPrice, rooms: rooms!, onSale: onSale === "yes" } };
}

/**
 * Staff set the price, rooms and sale of a run of a travel option's nights from its calendar. Each
 * night keeps its own arrival, departure, stay-length rules and extra cost (new nights take the
 * defaults a file gives them); rooms never drop below what a night has sold. Written, audited,
 * announced and reindexed as a loaded file is.
 */
export async function editTravelNights(db: Db, clock: Clock, actor: StaffActor, deal: { id: number; timeZone: string }, change: NightsChange): Promise<{ nights: number }> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  const options = await datedProductsOfDeal(db, deal.id);
  if (!options.some((option) => option.productId === change.productId)) throw dealPipelineError("NO_DATED_OPTIONS");
  if (change.from < localDate(clock.now(), deal.timeZone)) throw dealPipelineError("NIGHTS_IN_PAST");
  const nights = nightsBetween(change.from, change.to);
  const existing = new Map((await travelRatesFrom(db, [change.productId], change.from)).map((line) => [line.night, line]));
  const rates = nights.map((night) => {
    const kept = existing.get(night);
    return {
      productId: change.productId,
      night,
      price: change.price,
      vipPrice: change.vipPrice,
      openForArrival: kept?.openForArrival ?? true,
      openForDeparture: kept?.openForDeparture ?? true,
      openForSale: change.onSale,
      minLengthOfStay: kept?.minLengthOfStay ?? 1,
      maxLengthOfStay: kept?.maxLengthOfStay ?? 16,
      additionalCostText: kept?.additionalCostText ?? null,
    };
  });
  await writeTravelRates(
    db,
    clock,
    actor,
    deal.id,
    { rates, rooms: nights.map((night) => ({ productId: change.productId, night, rooms: change.rooms })) },
    { action: "deal.travel-nights-edit", after: { ...change, nights: nights.length } },
  );
  return { nights: nights.length };
}
