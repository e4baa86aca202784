import { DELIVERY_LABELS } from "../../modules/catalog/rules/delivery-options";
import { BLANK_OPTION_ROWS, OPTION_FIELDS, optionField } from "../../modules/deal-pipeline/deal-form";

/** The deal editor's fields, browser-safe: the form, its error summary and its action name them. */
export const DEAL_EDITOR_FIELDS = [
  { name: "headline", id: "deal-headline", label: "Headline" },
  { name: "title", id: "deal-title", label: "Title" },
  { name: "description", id: "deal-description", label: "Description" },
  { name: "finePrint", id: "deal-fine-print", label: "Fine print" },
  { name: "dealType", id: "deal-type-local", label: "Deal type" },
  { name: "countryCode", id: "deal-country", label: "Market" },
  { name: "locationId", id: "deal-location", label: "Location" },
  { name: "subCategoryId", id: "deal-sub-category", label: "Category and sub-category" },
  { name: "merchantQuery", id: "deal-merchant-query", label: "Find a merchant by name" },
  { name: "merchantId", id: "deal-merchant", label: "Merchant" },
  { name: "redemptionType", id: "deal-redemption", label: "Redemption" },
  { name: "promoTypeTitle", id: "deal-promotion", label: "Promotion title" },
  { name: "closingDate", id: "deal-closing", label: "Closes at" },
  { name: "vipEarlyAccessUntil", id: "deal-vip-early", label: "VIP early access until" },
  { name: "vipDiscountAllowed", id: "deal-vip-allowed", label: "VIP price for members" },
  { name: "pricePerPerson", id: "deal-per-person", label: "Prices are per person" },
  { name: "highFraudRisk", id: "deal-high-fraud-risk", label: "High fraud risk: hold its orders for review" },
  { name: "dailyCap", id: "deal-daily-cap", label: "Daily cap (units a day, whole deal)" },
  { name: "weeklyCap", id: "deal-weekly-cap", label: "Weekly cap (units a week, whole deal)" },
  { name: "purchaseCap", id: "deal-purchase-cap", label: "Per-customer cap (whole deal)" },
  { name: "depositPrice", id: "deal-deposit", label: "Deposit per unit" },
  { name: "delivery", id: "deal-delivery-none", label: "Delivery" },
  { name: "standardPostage", id: "deal-standard-postage", label: `${DELIVERY_LABELS.standard}, per item` },
  { name: "nextDayPostage", id: "deal-next-day-postage", label: `${DELIVERY_LABELS.next_day}, per item` },
  { name: "collectFrom", id: "deal-collect-from", label: `${DELIVERY_LABELS.click_and_collect}: collect from` },
] as const;

/** The merchant select's options (the chosen merchant and a search's matches) and what was searched. */
export interface MerchantChoices {
  options: { value: string; label: string }[];
  /** The words searched, and how many merchants they match in all (null when nothing was searched). */
  query: string;
  total: number | null;
}

export const OPTION_LABELS: Record<(typeof OPTION_FIELDS)[number], string> = {
  title: "Title",
  price: "Price",
  originalPrice: "Original price",
  vipPrice: "VIP price",
  adminFee: "Admin fee",
  stock: "Stock (units left; blank: unlimited)",
  purchaseCap: "Per-customer cap",
};

export const optionFieldId = (row: number, field: string) => `option-${row}-${field}`;

/** Every field of a form with `rows` option rows, in the page's order (for the error summary). */
export function dealEditorFields(rows: number): { name: string; id: string; label: string }[] {
  const options = Array.from({ length: rows }, (_, row) =>
    OPTION_FIELDS.map((field) => ({ name: optionField(row, field), id: optionFieldId(row, field), label: `Option ${row + 1}: ${OPTION_LABELS[field]}` })),
  ).flat();
  return [...DEAL_EDITOR_FIELDS, ...options];
}

export { BLANK_OPTION_ROWS, OPTION_FIELDS, optionField };
