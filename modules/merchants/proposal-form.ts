import { parseMajorUnits } from "../../lib/money";
import type { ProposedOption } from "./schema";

/** What a merchant proposes, checked (photos are checked and stored apart: proposal-photos.ts). */
export interface ProposalInput {
  title: string;
  description: string;
  options: ProposedOption[];
  quantity: number;
  startWanted: string;
  endWanted: string;
}

export type ProposalFieldErrors = Record<string, string>;
export type ParsedProposal = { ok: true; input: ProposalInput } | { ok: false; fieldErrors: ProposalFieldErrors };

/** Price points the form offers (blank rows are ignored); at least one is needed. */
export const PROPOSAL_OPTION_ROWS = 4;
/** Photos one proposal may carry. */
export const MAX_PROPOSAL_PHOTOS = 6;

export const proposalPhotoField = (index: number) => `photos.${index}`;
export const proposalAltField = (index: number) => `alts.${index}`;
export const proposalOptionField = (row: number, field: keyof ProposedOption) => `options.${row}.${field}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const money = (value: string) => parseMajorUnits(value.replace(/^[£€]/, "").replace(/,/g, ""));

/**
 * Reads and checks the proposal form (pure), every problem at once keyed by field name. `today` is
 * the market's date (YYYY-MM-DD): the dates wanted may not lie in the past.
 */
export function parseProposalForm(raw: Record<string, string>, today: string): ParsedProposal {
  const errors: ProposalFieldErrors = {};
  const text = (name: string) => (raw[name] ?? "").trim();
  const required = (name: string, max: number) => {
    const value = text(name);
    if (!value) errors[name] = "Enter this: it is required.";
    else if (value.length > max) errors[name] = `Keep this under ${max.toLocaleString("en-GB")} characters.`;
    return value;
  };
  const title = required("title", 200);
  const description = required("description", 5000);
  const options: ProposedOption[] = [];
  for (let row = 0; row < PROPOSAL_OPTION_ROWS; row++) {
    const [optionTitle, price, original] = (["title", "price", "originalPrice"] as const).map((field) => text(proposalOptionField(row, field)));
    if (!optionTitle && !price && !original) continue;
    if (!optionTitle) errors[proposalOptionField(row, "title")] = "Say what the shopper gets at this price.";
    else if (optionTitle.length > 200) errors[proposalOptionField(row, "title")] = "Keep this under 200 characters.";
    const priceMinor = money(price);
    const originalMinor = money(original);
    if (priceMinor === null || priceMinor <= 0) errors[proposalOptionField(row, "price")] = "Enter the deal price in pounds and pence, such as 25.00.";
    if (originalMinor === null || originalMinor <= 0) errors[proposalOptionField(row, "originalPrice")] = "Enter the usual price in pounds and pence, such as 50.00.";
    else if (priceMinor !== null && priceMinor >= originalMinor) errors[proposalOptionField(row, "originalPrice")] = "The usual price must be more than the deal price.";
    options.push({ title: optionTitle, price: priceMinor ?? 0, originalPrice: originalMinor ?? 0 });
  }
  if (options.length === 0) errors[proposalOptionField(0, "title")] = "Add at least one price point.";
  const quantityText = text("quantity");
  const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : 0;
  if (quantity < 1) errors.quantity = "Enter how many vouchers you can honour, a whole number of 1 or more.";
  const startWanted = text("startWanted");
  const endWanted = text("endWanted");
  if (!validDate(startWanted)) errors.startWanted = "Enter the first date as a date, such as 2027-01-15.";
  else if (startWanted < today) errors.startWanted = "The first date cannot be in the past.";
  if (!validDate(endWanted)) errors.endWanted = "Enter the last date as a date, such as 2027-03-31.";
  else if (validDate(startWanted) && endWanted < startWanted) errors.endWanted = "The last date must be on or after the first date.";
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, input: { title, description, options, quantity, startWanted, endWanted } };
}
