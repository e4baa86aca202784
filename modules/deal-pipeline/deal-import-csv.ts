import { csvRow, csvText, parseCsv } from "../../lib/csv";
import type { CategoryKind } from "../catalog/schema";
import { type DealInput, MAX_OPTIONS, optionField, parseDealForm } from "./deal-form";

/**
 * The bulk deal import's file (docs/decisions/deal-import-csv-layout.md): one row per option
 * (product); rows with the same `deal` key, one after another, make one deal. The deal's columns
 * are read from its first row; its other rows leave them blank or repeat them unchanged.
 * Every value goes through the deal editor's own checks (`parseDealForm`).
 */
export const DEAL_IMPORT_DEAL_COLUMNS = {
  headline: "headline",
  title: "title",
  description: "description",
  fine_print: "finePrint",
  deal_type: "dealType",
  country: "countryCode",
  location: "locationId",
  category: "subCategoryId",
  sub_category: "subCategoryId",
  merchant_id: "merchantId",
  redemption_type: "redemptionType",
  promotion_title: "promoTypeTitle",
  closing_date: "closingDate",
  vip_early_access_until: "vipEarlyAccessUntil",
  price_per_person: "pricePerPerson",
  vip_price_for_members: "vipDiscountAllowed",
  daily_cap: "dailyCap",
  weekly_cap: "weeklyCap",
  purchase_cap: "purchaseCap",
  deposit_price: "depositPrice",
  delivery: "delivery",
  standard_postage: "standardPostage",
  next_day_postage: "nextDayPostage",
  collect_from: "collectFrom",
} as const;
export const DEAL_IMPORT_OPTION_COLUMNS = {
  option_title: "title",
  price: "price",
  original_price: "originalPrice",
  vip_price: "vipPrice",
  admin_fee: "adminFee",
  stock: "stock",
  option_purchase_cap: "purchaseCap",
} as const;
type DealColumn = keyof typeof DEAL_IMPORT_DEAL_COLUMNS;
type OptionColumn = keyof typeof DEAL_IMPORT_OPTION_COLUMNS;
export const DEAL_IMPORT_COLUMNS = ["deal", ...Object.keys(DEAL_IMPORT_DEAL_COLUMNS), ...Object.keys(DEAL_IMPORT_OPTION_COLUMNS)] as readonly string[];
const REQUIRED_COLUMNS = [
  "deal",
  "headline",
  "title",
  "description",
  "deal_type",
  "country",
  "category",
  "sub_category",
  "merchant_id",
  "redemption_type",
  "closing_date",
  "option_title",
  "price",
  "original_price",
];
const YES_NO_COLUMNS: readonly DealColumn[] = ["price_per_person", "vip_price_for_members"];

/** More rows than a spreadsheet export of a season's deals needs; the page's upload limit fits it. */
export const MAX_IMPORT_ROWS = 20_000;
/** The page lists this many errors, then says how many more. */
export const MAX_LISTED_ERRORS = 500;

/** One problem: the spreadsheet row (the header is row 1), the column and what to do. */
export interface DealImportError {
  row: number;
  column: string;
  message: string;
}

/** What the file's references are checked against, loaded in bulk by the use case. */
export interface DealImportReferences {
  locations: readonly { id: number; name: string; shortName: string; countryCode: string }[];
  categories: readonly { id: number; parentId: number | null; shortName: string; kind: CategoryKind }[];
  merchantIds: ReadonlySet<number>;
}

/** One deal ready to write, with where its URL puts it and how many file rows it came from. */
export interface DealImportDraft {
  input: DealInput;
  place: { categoryId: number; segment: string; path: string };
  rows: number;
}

export interface CheckedDealFile {
  rows: number;
  drafts: DealImportDraft[];
  errors: DealImportError[];
  moreErrors: number;
}

interface Group {
  key: string;
  /** Spreadsheet row numbers of the group's rows, and their values by column. */
  rows: { row: number; values: Record<string, string> }[];
}

/** The merchant ids a file names: the use case loads those merchants in one query. */
export function merchantIdsNamed(text: string): number[] {
  const records = parseCsv(text) ?? [];
  const at = (records[0] ?? []).map((name) => name.trim().toLowerCase()).indexOf("merchant_id");
  if (at < 0) return [];
  const ids = new Set(records.slice(1).flatMap((record) => (/^\d{1,9}$/.test((record[at] ?? "").trim()) ? [Number(record[at].trim())] : [])));
  return [...ids];
}

/**
 * Reads and checks a whole file without writing anything: every row's problems by row and column,
 * and, when there are none, the deals to write in file order.
 */
export function checkDealFile(text: string, references: DealImportReferences, now: Date): CheckedDealFile {
  const errors: DealImportError[] = [];
  const records = parseCsv(text);
  const fileError = (message: string): CheckedDealFile => ({ rows: 0, drafts: [], errors: [{ row: 1, column: "", message }], moreErrors: 0 });
  if (records === null) return fileError("A quoted value is never closed: check the file's quotes.");
  const [header = [], ...body] = records;
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  const unknown = names.filter((name) => !DEAL_IMPORT_COLUMNS.includes(name));
  if (missing.length || unknown.length)
    return fileError(
      [missing.length ? `missing ${missing.join(", ")}` : "", unknown.length ? `unknown ${unknown.join(", ")}` : ""].filter(Boolean).join("; ") + ": use the template's columns.",
    );
  const rows = body.filter((record) => record.some((value) => value.trim() !== ""));
  if (rows.length === 0) return fileError("The file has no rows below its header.");
  if (rows.length > MAX_IMPORT_ROWS) return fileError(`The file has ${rows.length.toLocaleString("en-GB")} rows: at most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} at a time.`);

  const groups: Group[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, index) => {
    if (!record.some((value) => value.trim() !== "")) return;
    const row = index + 2;
    const values = Object.fromEntries(names.map((name, at) => [name, (record[at] ?? "").trim()]));
    const key = values.deal;
    const current = groups.at(-1);
    if (!key) errors.push({ row, column: "deal", message: "Enter the deal key: rows with the same key make one deal." });
    else if (current?.key === key) current.rows.push({ row, values });
    else if (seen.has(key)) errors.push({ row, column: "deal", message: `Deal ${key} started at row ${seen.get(key)}: keep a deal's rows together.` });
    else {
      seen.set(key, row);
      groups.push({ key, rows: [{ row, values }] });
    }
  });

  const drafts: DealImportDraft[] = [];
  for (const group of groups) {
    const draft = checkGroup(group, references, now, errors);
    if (draft) drafts.push(draft);
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: rows.length, drafts: errors.length ? [] : drafts, errors: errors.slice(0, MAX_LISTED_ERRORS), moreErrors: Math.max(0, errors.length - MAX_LISTED_ERRORS) };
}

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** One deal's rows into the editor's form record, checked by the editor's rules, its references looked up; errors go to their row and column. */
function checkGroup(group: Group, references: DealImportReferences, now: Date, errors: DealImportError[]): DealImportDraft | null {
  const first = group.rows[0];
  const deal = first.values;
  const before = errors.length;
  const add = (row: number, column: string, message: string) => errors.push({ row, column, message });
  if (group.rows.length > MAX_OPTIONS) add(group.rows[MAX_OPTIONS].row, "deal", `A deal has at most ${MAX_OPTIONS} options: split deal ${group.key}.`);
  for (const { row, values } of group.rows.slice(1))
    for (const column of Object.keys(DEAL_IMPORT_DEAL_COLUMNS))
      if (values[column] && values[column] !== deal[column]) add(row, column, `Differs from row ${first.row}, the deal's first row: leave it blank or repeat it.`);

  const raw: Record<string, string> = {};
  for (const [column, field] of Object.entries(DEAL_IMPORT_DEAL_COLUMNS)) if (column !== "category") raw[field] = deal[column] ?? "";
  raw.dealType = raw.dealType.toLowerCase();
  raw.redemptionType = raw.redemptionType.toLowerCase();
  raw.countryCode = raw.countryCode.toUpperCase() === "UK" ? "GB" : raw.countryCode.toUpperCase();
  raw.closingDate = raw.closingDate.replace(" ", "T");
  raw.vipEarlyAccessUntil = raw.vipEarlyAccessUntil.replace(" ", "T");
  for (const column of YES_NO_COLUMNS) {
    const value = (deal[column] ?? "").toLowerCase();
    if (!YES.has(value) && !NO.has(value)) add(first.row, column, "Enter yes or no.");
    raw[DEAL_IMPORT_DEAL_COLUMNS[column]] = YES.has(value) ? "on" : "";
  }

  // References by name, checked here the way checkDealReferences does for the editor.
  const referenceErrors: Partial<Record<DealColumn, string>> = {};
  const locationText = (deal.location ?? "").toLowerCase();
  const location = locationText ? references.locations.find((place) => place.shortName.toLowerCase() === locationText || place.name.toLowerCase() === locationText) : undefined;
  raw.locationId = location ? String(location.id) : "";
  if (locationText && raw.dealType === "local") {
    if (!location) referenceErrors.location = `There is no location "${deal.location}": use its short name (such as london) or its name.`;
    else if (location.countryCode !== raw.countryCode) referenceErrors.location = `${location.name} is not in the market chosen: choose a location there or change the country.`;
  } else if (locationText) raw.locationId = deal.location;
  const top = references.categories.find((category) => category.parentId === null && category.shortName === (deal.category ?? "").toLowerCase());
  const sub = top && references.categories.find((category) => category.parentId === top.id && category.shortName === (deal.sub_category ?? "").toLowerCase());
  raw.subCategoryId = sub ? String(sub.id) : "";
  if (deal.category && !top) referenceErrors.category = `There is no category "${deal.category}": use its short name, such as beauty.`;
  else if (top && deal.sub_category && !sub) referenceErrors.sub_category = `There is no sub-category "${deal.sub_category}" under ${top.shortName}: use its short name.`;
  else if (sub && (raw.dealType === "local" || raw.dealType === "national") && sub.kind !== raw.dealType)
    referenceErrors.sub_category = `That sub-category is for ${sub.kind} deals: choose one of the ${raw.dealType} categories.`;
  const merchantId = /^\d{1,9}$/.test(deal.merchant_id ?? "") ? Number(deal.merchant_id) : 0;
  if (merchantId > 0 && !references.merchantIds.has(merchantId)) referenceErrors.merchant_id = `There is no merchant with id ${merchantId}.`;

  group.rows.slice(0, MAX_OPTIONS).forEach(({ values }, index) => {
    for (const [column, field] of Object.entries(DEAL_IMPORT_OPTION_COLUMNS)) raw[optionField(index, field)] = values[column] ?? "";
  });
  const parsed = parseDealForm(raw, now);
  const fieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  // A row whose option columns are all blank would be skipped by the editor as an unused row: here it is a mistake.
  group.rows.slice(0, MAX_OPTIONS).forEach(({ values }, index) => {
    if (Object.keys(DEAL_IMPORT_OPTION_COLUMNS).every((column) => !values[column]))
      fieldErrors[optionField(index, "title")] = "Enter the option's title and prices: each row is one option.";
  });
  const shown = new Set<string>();
  for (const [column, message] of Object.entries(referenceErrors)) {
    add(first.row, column, message);
    shown.add(DEAL_IMPORT_DEAL_COLUMNS[column as DealColumn]);
  }
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (shown.has(field)) continue;
    const option = /^options\.(\d+)\.(\w+)$/.exec(field);
    if (option) {
      const column = Object.entries(DEAL_IMPORT_OPTION_COLUMNS).find(([, name]) => name === option[2])![0] as OptionColumn;
      add(group.rows[Number(option[1])].row, column, message);
    } else {
      const column = field === "subCategoryId" ? "sub_category" : Object.entries(DEAL_IMPORT_DEAL_COLUMNS).find(([, name]) => name === field)![0];
      add(first.row, column, message);
    }
  }
  if (!parsed.ok || errors.length > before) return null;
  return {
    input: parsed.input,
    place: { categoryId: top!.id, segment: location && parsed.input.locationId !== null ? location.shortName : "shop", path: `${top!.shortName}/${sub!.shortName}` },
    rows: group.rows.length,
  };
}

/** The template the page offers: the columns and two example deals (one with two options). */
export function dealImportTemplate(): string {
  const example = (values: Partial<Record<string, string>>) => csvRow(DEAL_IMPORT_COLUMNS.map((column) => csvText(values[column] ?? "")));
  const spa = {
    deal: "spa-1",
    headline: "Spa day for two with lunch",
    title: "Spa day for two at Serenity Spa, with a two-course lunch",
    description: "Full use of the pool, sauna and steam room, a 25-minute treatment each and lunch.",
    fine_print: "Book at least 48 hours ahead.",
    deal_type: "local",
    country: "GB",
    location: "london",
    category: "beauty",
    sub_category: "spa",
    merchant_id: "1",
    redemption_type: "standard",
    closing_date: "2027-12-31 23:59",
    price_per_person: "no",
    vip_price_for_members: "no",
  };
  return (
    csvRow(DEAL_IMPORT_COLUMNS.map(csvText)) +
    example({ ...spa, option_title: "Weekday spa day for two", price: "59.00", original_price: "120.00", stock: "200" }) +
    example({ deal: "spa-1", option_title: "Weekend spa day for two", price: "69.00", original_price: "140.00", admin_fee: "1.50", option_purchase_cap: "2" })
  );
}
