import { csvAmount, csvRow, csvText, parseCsv } from "../../lib/csv";
import { parseMajorUnits } from "../../lib/money";
import type { TravelRateRow } from "../travel/set-travel-rates";
import type { TravelRateLine } from "../travel/travel-rates-export";

/** The columns of a nights-and-rates file; option, night, price and rooms are required, the rest have defaults. */
export const TRAVEL_RATE_COLUMNS = ["option", "night", "price", "vip_price", "rooms", "arrival", "departure", "on_sale", "min_stay", "max_stay", "extra_cost"] as const;
const REQUIRED = ["option", "night", "price", "rooms"] as const;
type Column = (typeof TRAVEL_RATE_COLUMNS)[number];

/** The most rows one file may hold (a year of nights for 50 options) and the most errors listed. */
export const MAX_RATE_ROWS = 20_000;
const MAX_LISTED_ERRORS = 200;
const LONGEST_STAY = 28;

export interface RateFileError {
  /** The file's line, counting the header as line 1. */
  line: number;
  message: string;
}

export interface ParsedRateFile {
  rates: TravelRateRow[];
  /** Rooms (units) on sale per option and night. */
  rooms: { productId: number; night: string; rooms: number }[];
  errors: RateFileError[];
  /** Errors beyond the listed ones. */
  moreErrors: number;
}

const YES = new Set(["", "yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);
/** A calendar date like 2027-03-14 that exists. */
export const isNight = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * Reads and checks a nights-and-rates file for a deal's dated options (`options`: their product
 * ids) from `today` (the market's date) on. Every row is checked and every problem named with its
 * line, so staff correct the file once; rows with errors give no rates.
 */
export function parseTravelRateFile(text: string, options: readonly number[], today: string): ParsedRateFile {
  const result: ParsedRateFile = { rates: [], rooms: [], errors: [], moreErrors: 0 };
  const fail = (line: number, message: string) => {
    if (result.errors.length < MAX_LISTED_ERRORS) result.errors.push({ line, message });
    else result.moreErrors++;
  };
  const records = parseCsv(text);
  if (!records) return { ...result, errors: [{ line: 1, message: "The file has a quote that is never closed." }] };
  const [header = [], ...rows] = records.filter((record) => record.some((field) => field.trim() !== ""));
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((name) => !names.includes(name));
  const unknown = names.filter((name) => !(TRAVEL_RATE_COLUMNS as readonly string[]).includes(name));
  if (missing.length || unknown.length) {
    const problems = [missing.length ? `missing ${missing.join(", ")}` : "", unknown.length ? `unknown ${unknown.join(", ")}` : ""].filter(Boolean).join("; ");
    return { ...result, errors: [{ line: 1, message: `The first line names the columns (${TRAVEL_RATE_COLUMNS.join(", ")}): ${problems}.` }] };
  }
  if (rows.length === 0) return { ...result, errors: [{ line: 2, message: "The file has no rows under its header." }] };
  if (rows.length > MAX_RATE_ROWS) return { ...result, errors: [{ line: 1, message: `A file holds at most ${MAX_RATE_ROWS.toLocaleString("en-GB")} rows; split this one.` }] };

  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (column: Column) => (row[names.indexOf(column)] ?? "").trim();
    const problems: string[] = [];
    const productId = /^\d{1,9}$/.test(cell("option")) ? Number(cell("option")) : NaN;
    if (!options.includes(productId)) problems.push(`option "${cell("option")}" is not one of this deal's dated options (${options.join(", ")})`);
    const night = cell("night");
    if (!isNight(night)) problems.push(`night "${night}" is not a date like 2027-03-14`);
    else if (night < today) problems.push(`night ${night} is already past`);
    const price = parseMajorUnits(cell("price"));
    if (price === null) problems.push(`price "${cell("price")}" is not an amount like 89.00`);
    const vipPrice = cell("vip_price") === "" ? null : parseMajorUnits(cell("vip_price"));
    if (cell("vip_price") !== "" && vipPrice === null) problems.push(`vip_price "${cell("vip_price")}" is not an amount`);
    else if (vipPrice !== null && price !== null && vipPrice > price) problems.push("vip_price is above price");
    const rooms = /^\d{1,3}$/.test(cell("rooms")) ? Number(cell("rooms")) : NaN;
    if (Number.isNaN(rooms)) problems.push(`rooms "${cell("rooms")}" is not a whole number from 0 to 999`);
    const flag = (column: "arrival" | "departure" | "on_sale") => {
      const value = cell(column).toLowerCase();
      if (YES.has(value)) return true;
      if (NO.has(value)) return false;
      problems.push(`${column} "${cell(column)}" is not yes or no`);
      return true;
    };
    const [arrival, departure, onSale] = [flag("arrival"), flag("departure"), flag("on_sale")];
    const stay = (column: "min_stay" | "max_stay", fallback: number) => {
      if (cell(column) === "") return fallback;
      const value = /^\d{1,2}$/.test(cell(column)) ? Number(cell(column)) : NaN;
      if (!(value >= 1 && value <= LONGEST_STAY)) problems.push(`${column} "${cell(column)}" is not a number of nights from 1 to ${LONGEST_STAY}`);
      return value;
    };
    const [minStay, maxStay] = [stay("min_stay", 1), stay("max_stay", 16)];
    if (minStay > maxStay) problems.push("min_stay is above max_stay");
    const extraCost = cell("extra_cost");
    if (extraCost.length > 200) problems.push("extra_cost is longer than 200 characters");
    const key = `${productId}/${night}`;
    if (seen.has(key)) problems.push(`option ${productId} on ${night} is already on line ${seen.get(key)}`);
    else seen.set(key, line);

    if (problems.length) return fail(line, `${problems.join("; ")}.`);
    result.rates.push({
      productId,
      night,
      price: price!,
      vipPrice,
      openForArrival: arrival,
      openForDeparture: departure,
      openForSale: onSale,
      minLengthOfStay: minStay,
      maxLengthOfStay: maxStay,
      additionalCostText: extraCost || null,
    });
    result.rooms.push({ productId, night, rooms });
  });
  return result;
}

/** A deal's rates as a file in the same columns staff load, so they download, change and load it again. */
export function travelRatesCsv(lines: readonly TravelRateLine[]): string {
  const yesNo = (value: boolean) => (value ? "yes" : "no");
  return (
    csvRow([...TRAVEL_RATE_COLUMNS]) +
    lines
      .map((line) =>
        csvRow([
          String(line.productId),
          line.night,
          csvAmount(line.price),
          line.vipPrice === null ? "" : csvAmount(line.vipPrice),
          String(line.rooms ?? 0),
          yesNo(line.openForArrival),
          yesNo(line.openForDeparture),
          yesNo(line.openForSale),
          String(line.minLengthOfStay),
          String(line.maxLengthOfStay),
          csvText(line.additionalCostText ?? ""),
        ]),
      )
      .join("")
  );
}
