import type { CountryCode } from "../../lib/brand";
import { instantOfWallTime, marketTimeZone } from "../../lib/market-time";
import { parseMajorUnits } from "../../lib/money";
import type { DealInput, DealOptionInput } from "../catalog/deal-editing";
import type { DealDelivery } from "../catalog/rules/delivery-options";

export type { DealInput, DealOptionInput };

/** The deal editor's redemption types (travel's calendar and flight kinds are out of its scope). */
export const EDITOR_REDEMPTION_TYPES = ["standard", "call-to-book"] as const satisfies readonly DealInput["redemptionType"][];
export const EDITOR_DEAL_TYPES = ["local", "national"] as const satisfies readonly DealInput["dealType"][];
type EditorRedemptionType = DealInput["redemptionType"];
type EditorDealType = DealInput["dealType"];

/** How many option rows the editor shows: the deal's options plus blank rows to add more (blank rows are ignored). */
export const BLANK_OPTION_ROWS = 2;
export const MAX_OPTIONS = 30;

export type FieldErrors = Record<string, string>;
export type Parsed = { ok: true; input: DealInput } | { ok: false; fieldErrors: FieldErrors };

/** The form's field names: deal fields by name, option fields as `options.<row>.<field>`. */
export const optionField = (row: number, field: keyof Omit<DealOptionInput, "id"> | "id") => `options.${row}.${field}`;
export const OPTION_FIELDS = ["title", "price", "originalPrice", "vipPrice", "adminFee", "stock", "purchaseCap"] as const;

const text = (raw: Record<string, string>, name: string) => (raw[name] ?? "").trim();
const money = (value: string) => parseMajorUnits(value.replace(/^[£€]/, "").replace(/,/g, ""));

const MESSAGES = {
  required: "Enter this: it is required.",
  money: "Enter an amount in pounds and pence, such as 12.50.",
  positive: "Enter a whole number of 1 or more, or leave it blank for no limit.",
  stock: "Enter a whole number of 0 or more, or leave it blank for unlimited stock.",
} as const;

/**
 * Reads and checks the deal editor's form (pure: references to locations, categories and merchants
 * are checked by the use case against the database). Every problem is reported at once, keyed by
 * the field's name, so the page can list them in its error summary.
 */
export function parseDealForm(raw: Record<string, string>, now: Date): Parsed {
  const errors: FieldErrors = {};
  const required = (name: string, max: number) => {
    const value = text(raw, name);
    if (!value) errors[name] = MESSAGES.required;
    else if (value.length > max) errors[name] = `Keep this under ${max.toLocaleString("en-GB")} characters.`;
    return value;
  };
  const optional = (name: string, max: number) => {
    const value = text(raw, name);
    if (value.length > max) errors[name] = `Keep this under ${max.toLocaleString("en-GB")} characters.`;
    return value;
  };
  const whole = (name: string, min: number, message: string): number | null => {
    const value = text(raw, name);
    if (!value) return null;
    if (!/^\d{1,9}$/.test(value) || Number(value) < min) {
      errors[name] = message;
      return null;
    }
    return Number(value);
  };
  const id = (name: string, message: string): number => {
    const value = text(raw, name);
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) errors[name] = message;
    return Number(value) || 0;
  };

  const headline = required("headline", 200);
  const title = required("title", 200);
  const description = required("description", 10_000);
  const finePrint = optional("finePrint", 10_000);
  const dealType = text(raw, "dealType") as EditorDealType;
  if (!EDITOR_DEAL_TYPES.includes(dealType)) errors.dealType = "Choose local or national.";
  const countryCode = text(raw, "countryCode") as CountryCode;
  if (countryCode !== "GB" && countryCode !== "IE") errors.countryCode = "Choose the UK or Ireland.";
  const locationText = text(raw, "locationId");
  let locationId: number | null = null;
  if (dealType === "local") locationId = id("locationId", "Choose the location where a local deal is sold.");
  else if (dealType === "national" && locationText) errors.locationId = "A national deal is sold everywhere: leave the location empty.";
  const subCategoryId = id("subCategoryId", "Choose the category and sub-category.");
  const merchantId = id("merchantId", "Choose the merchant: search by name, then pick it from the list.");
  const redemptionType = text(raw, "redemptionType") as EditorRedemptionType;
  if (!EDITOR_REDEMPTION_TYPES.includes(redemptionType)) errors.redemptionType = "Choose how the voucher is redeemed.";
  const promoTypeTitle = optional("promoTypeTitle", 80) || null;

  const timeZone = marketTimeZone(countryCode === "IE" ? "IE" : "GB");
  const closingText = text(raw, "closingDate");
  const closingDate = closingText ? instantOfWallTime(closingText, timeZone) : null;
  if (!closingText) errors.closingDate = "Enter when the deal closes.";
  else if (!closingDate) errors.closingDate = "Enter the closing date and time, such as 2027-01-31 23:59.";
  else if (closingDate <= now) errors.closingDate = "The closing date must be in the future.";
  const earlyText = text(raw, "vipEarlyAccessUntil");
  const vipEarlyAccessUntil = earlyText ? instantOfWallTime(earlyText, timeZone) : null;
  if (earlyText && !vipEarlyAccessUntil) errors.vipEarlyAccessUntil = "Enter the date and time VIP early access ends, or leave it blank.";
  else if (vipEarlyAccessUntil && closingDate && vipEarlyAccessUntil >= closingDate) errors.vipEarlyAccessUntil = "VIP early access must end before the deal closes.";

  const dailyCap = whole("dailyCap", 1, MESSAGES.positive);
  const weeklyCap = whole("weeklyCap", 1, MESSAGES.positive);
  if (dailyCap !== null && weeklyCap !== null && weeklyCap < dailyCap) errors.weeklyCap = "The weekly cap cannot be lower than the daily cap.";
  const purchaseCap = whole("purchaseCap", 1, MESSAGES.positive);
  const depositText = text(raw, "depositPrice");
  const depositPrice = depositText ? money(depositText) : null;
  if (depositText && depositPrice === null) errors.depositPrice = MESSAGES.money;
  else if (depositPrice !== null && depositPrice <= 0) errors.depositPrice = "Enter a deposit of more than 0, or leave it blank for no deposit.";
  const vipDiscountAllowed = raw.vipDiscountAllowed === "on";
  const delivery = parseDelivery(raw, errors);

  const options: DealOptionInput[] = [];
  for (let row = 0; row < MAX_OPTIONS; row++) {
    const field = (name: (typeof OPTION_FIELDS)[number] | "id") => optionField(row, name);
    const values = OPTION_FIELDS.map((name) => text(raw, field(name)));
    const idText = text(raw, field("id"));
    // A blank new row is how the form offers "add an option": ignored.
    if (!idText && values.every((value) => !value)) continue;
    const amount = (name: "price" | "originalPrice" | "vipPrice" | "adminFee", need: boolean): number | null => {
      const value = text(raw, field(name));
      if (!value) {
        if (need) errors[field(name)] = MESSAGES.required;
        return null;
      }
      const parsed = money(value);
      if (parsed === null) errors[field(name)] = MESSAGES.money;
      return parsed;
    };
    const optionTitle = text(raw, field("title"));
    if (!optionTitle) errors[field("title")] = MESSAGES.required;
    else if (optionTitle.length > 200) errors[field("title")] = "Keep this under 200 characters.";
    const price = amount("price", true);
    const originalPrice = amount("originalPrice", true);
    const vipPrice = amount("vipPrice", false);
    const adminFee = amount("adminFee", false) ?? 0;
    if (price !== null && originalPrice !== null && price > originalPrice) errors[field("price")] = "The price cannot be more than the original price.";
    if (vipPrice !== null && price !== null && vipPrice >= price) errors[field("vipPrice")] = "The VIP price must be lower than the price, or left blank.";
    if (vipPrice !== null && !vipDiscountAllowed) errors[field("vipPrice")] = "Tick “VIP price for members” to give this option a VIP price, or leave it blank.";
    const stock = whole(field("stock"), 0, MESSAGES.stock);
    const optionCap = whole(field("purchaseCap"), 1, MESSAGES.positive);
    options.push({
      id: idText && /^\d{1,9}$/.test(idText) ? Number(idText) : null,
      title: optionTitle,
      price: price ?? 0,
      originalPrice: originalPrice ?? 0,
      vipPrice,
      adminFee,
      stock,
      purchaseCap: optionCap,
    });
  }
  if (options.length === 0) errors[optionField(0, "title")] = "Add at least one option with its title and prices.";
  if (depositPrice !== null && depositPrice > 0 && options.some((option) => option.price > 0 && depositPrice >= option.price))
    errors.depositPrice = "The deposit must be less than every option's price.";
  if (vipDiscountAllowed && options.length > 0 && options.every((option) => option.vipPrice === null))
    errors.vipDiscountAllowed = "Give at least one option a VIP price, or untick VIP price for members.";

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      headline,
      title,
      description,
      finePrint,
      dealType,
      countryCode,
      locationId: dealType === "local" ? locationId : null,
      subCategoryId,
      merchantId,
      redemptionType,
      promoTypeTitle,
      vipEarlyAccessUntil,
      closingDate: closingDate!,
      pricePerPerson: raw.pricePerPerson === "on",
      highFraudRisk: raw.highFraudRisk === "on",
      vipDiscountAllowed,
      dailyCap,
      weeklyCap,
      purchaseCap,
      depositPrice,
      delivery,
      options,
    },
  };
}

/**
 * The Delivery fields: a voucher only ("none", blank) or goods posted ("posted") with standard
 * delivery's price, next working day's (blank: not offered) and click and collect's address
 * (blank: not offered; collecting is free). Postage typed for a voucher-only deal is refused, not dropped.
 */
function parseDelivery(raw: Record<string, string>, errors: FieldErrors): DealDelivery | null {
  const kind = text(raw, "delivery") || "none";
  const standardText = text(raw, "standardPostage");
  const nextDayText = text(raw, "nextDayPostage");
  const collectFrom = text(raw, "collectFrom");
  if (kind !== "none" && kind !== "posted") {
    errors.delivery = "Choose whether the deal is a voucher only or goods posted to the shopper.";
    return null;
  }
  if (kind === "none") {
    for (const [name, value] of [
      ["standardPostage", standardText],
      ["nextDayPostage", nextDayText],
      ["collectFrom", collectFrom],
    ] as const)
      if (value) errors[name] = "Choose “Goods posted to the shopper” to offer delivery, or clear this.";
    return null;
  }
  const standardPrice = standardText ? money(standardText) : null;
  if (!standardText) errors.standardPostage = "Enter the standard delivery price per item (0.00 for free delivery).";
  else if (standardPrice === null) errors.standardPostage = MESSAGES.money;
  const nextDayPrice = nextDayText ? money(nextDayText) : null;
  if (nextDayText && nextDayPrice === null) errors.nextDayPostage = MESSAGES.money;
  else if (nextDayPrice !== null && standardPrice !== null && nextDayPrice < standardPrice)
    errors.nextDayPostage = "Next working day delivery cannot cost less than standard delivery.";
  if (collectFrom.length > 200) errors.collectFrom = "Keep this under 200 characters.";
  return { standardPrice: standardPrice ?? 0, nextDayPrice, collectFrom: collectFrom || null };
}
