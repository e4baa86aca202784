import { data, type AppLoadContext } from "react-router";
import { localDate } from "../../lib/market-time";
import { formatMoney } from "../../lib/money";
import { DEAL_PIPELINE_ERRORS } from "../../modules/deal-pipeline/errors";
import { NIGHTS_FIELDS, editTravelNights, nightsBetween, parseNightsForm } from "../../modules/deal-pipeline/edit-travel-nights";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { datedProductsOfDeal } from "../../modules/travel/travel-products";
import { travelRatesFrom } from "../../modules/travel/travel-rates-export";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { adminRefusal } from "./guard.server";

export interface CalendarNight {
  night: string;
  day: number;
  price: string | null;
  rooms: number | null;
  left: number | null;
  onSale: boolean;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthOf = (night: string) => night.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 7);
};

/** The dated option a calendar page's :productId names on this deal; a 404 for anything else. */
export async function datedOptionOf(context: AppLoadContext, dealId: number, productId: string) {
  const options = await datedProductsOfDeal(context.db, dealId);
  const option = /^\d{1,9}$/.test(productId) ? options.find((candidate) => candidate.productId === Number(productId)) : undefined;
  if (!option) throw adminRefusal(404, DEAL_PIPELINE_ERRORS.NO_DATED_OPTIONS.message);
  return option;
}

/**
 * One month of a dated option's nights as calendar weeks (Monday first), from the market's current
 * month on: each night's price, rooms and rooms left, and whether it is on sale.
 */
export async function calendarMonth(context: AppLoadContext, deal: { timeZone: string; countryCode: "GB" | "IE" }, productId: number, asked: string | null) {
  const today = localDate(context.clock.now(), deal.timeZone);
  const month = asked && MONTH.test(asked) && asked >= monthOf(today) ? asked : monthOf(today);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const lines = new Map((await travelRatesFrom(context.db, [productId], `${month}-01`)).filter((line) => line.night <= last).map((line) => [line.night, line]));
  const currency = deal.countryCode === "IE" ? "EUR" : "GBP";
  const nights: (CalendarNight | null)[] = nightsBetween(`${month}-01`, last).map((night) => {
    const line = lines.get(night);
    return {
      night,
      day: Number(night.slice(8)),
      price: line ? formatMoney(line.price, currency) : null,
      rooms: line?.rooms ?? null,
      left: line?.rooms === null || line?.rooms === undefined ? null : Math.max(0, line.rooms - line.sold),
      onSale: line?.openForSale ?? false,
    };
  });
  // Monday-first weeks: blanks before the 1st and after the last day.
  const lead = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells = [...Array<null>(lead).fill(null), ...nights];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return { month, label, weeks, previous: month > monthOf(today) ? shiftMonth(month, -1) : null, next: shiftMonth(month, 1), today };
}

/** The calendar's "Change nights" form: checked, then written, audited and announced by the use case. */
export async function travelNightsAction(context: AppLoadContext, actor: StaffActor, deal: { id: number; timeZone: string }, productId: number, form: FormData) {
  const values = Object.fromEntries(NIGHTS_FIELDS.map((name) => [name, formText(form, name)]));
  const answer = (result: FormResult, status = 200) => data<FormResult>({ ...result, values }, { status });
  const parsed = parseNightsForm(values, productId, localDate(context.clock.now(), deal.timeZone));
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  try {
    const { nights } = await editTravelNights(context.db, context.clock, actor, deal, parsed.change);
    const { from, to } = parsed.change;
    return answer({ success: `Saved ${nights === 1 ? `the night of ${from}` : `${nights} nights, ${from} to ${to}`}: shoppers see them on their next page.` });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
