import { data, redirect, type AppLoadContext } from "react-router";
import { currencySymbol } from "../../lib/money";
import { marketTimeZone, wallTimeOf } from "../../lib/market-time";
import { loadCategoryTree } from "../../modules/catalog/categories";
import type { EditableDeal } from "../../modules/catalog/deal-editing";
import { listLocations } from "../../modules/catalog/locations";
import { findMerchantRecord, listMerchantRecords } from "../../modules/catalog/merchant-records";
import { BLANK_OPTION_ROWS, MAX_OPTIONS, OPTION_FIELDS, optionField, parseDealForm } from "../../modules/deal-pipeline/deal-form";
import { cloneDeal, createDeal, editDeal } from "../../modules/deal-pipeline/save-deal";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { DEAL_EDITOR_FIELDS, type MerchantChoices } from "./deal-editor-fields";

const pounds = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));
const count = (value: number | null) => (value === null ? "" : String(value));

/** A stored deal as the form's values (money back in pounds, times in the market's wall time). */
export function dealFormValues(deal: EditableDeal): Record<string, string> {
  const timeZone = marketTimeZone(deal.countryCode);
  const values: Record<string, string> = {
    headline: deal.headline,
    title: deal.title,
    description: deal.description,
    finePrint: deal.finePrint,
    dealType: deal.dealType,
    countryCode: deal.countryCode,
    locationId: count(deal.locationId),
    subCategoryId: String(deal.subCategoryId),
    merchantId: String(deal.merchantId),
    redemptionType: deal.redemptionType,
    promoTypeTitle: deal.promoTypeTitle ?? "",
    closingDate: wallTimeOf(deal.closingDate, timeZone),
    vipEarlyAccessUntil: deal.vipEarlyAccessUntil ? wallTimeOf(deal.vipEarlyAccessUntil, timeZone) : "",
    vipDiscountAllowed: deal.vipDiscountAllowed ? "on" : "",
    pricePerPerson: deal.pricePerPerson ? "on" : "",
    highFraudRisk: deal.highFraudRisk ? "on" : "",
    dailyCap: count(deal.dailyCap),
    weeklyCap: count(deal.weeklyCap),
    purchaseCap: count(deal.purchaseCap),
    depositPrice: deal.depositPrice === null ? "" : pounds(deal.depositPrice),
    delivery: deal.delivery ? "posted" : "none",
    standardPostage: deal.delivery ? pounds(deal.delivery.standardPrice) : "",
    nextDayPostage: pounds(deal.delivery?.nextDayPrice ?? null),
    collectFrom: deal.delivery?.collectFrom ?? "",
  };
  deal.options.forEach((option, row) => {
    values[optionField(row, "id")] = String(option.id);
    values[optionField(row, "title")] = option.title;
    values[optionField(row, "price")] = pounds(option.price);
    values[optionField(row, "originalPrice")] = pounds(option.originalPrice);
    values[optionField(row, "vipPrice")] = pounds(option.vipPrice);
    values[optionField(row, "adminFee")] = option.adminFee === 0 ? "" : pounds(option.adminFee);
    values[optionField(row, "stock")] = count(option.stock);
    values[optionField(row, "purchaseCap")] = count(option.purchaseCap);
  });
  return values;
}

/** What the editor's selects offer: locations per market, sub-categories under their category (local and national only). */
export async function dealEditorChoices(context: AppLoadContext) {
  const [gb, ie, tree] = await Promise.all([listLocations(context.db, "GB"), listLocations(context.db, "IE"), loadCategoryTree(context.db)]);
  const groups = tree
    .children(null, ["local", "national"])
    .map((top) => ({ label: `${top.name} (${top.kind})`, options: tree.children(top.id).map((sub) => ({ value: String(sub.id), label: `${top.name} › ${sub.name}` })) }))
    .filter((group) => group.options.length > 0);
  return {
    locations: [
      { label: "United Kingdom", options: gb.map((l) => ({ value: String(l.id), label: l.name })) },
      { label: "Ireland", options: ie.map((l) => ({ value: String(l.id), label: l.name })) },
    ],
    categories: groups,
    currencySymbols: { GB: currencySymbol("GBP"), IE: currencySymbol("EUR") },
  };
}

/** How many merchants one search offers: staff narrow the words rather than scroll thousands. */
export const MERCHANT_MATCHES = 20;

const merchantLabel = (merchant: { id: number; displayName: string; businessName: string }) => `${merchant.displayName} (${merchant.businessName}, no. ${merchant.id})`;

/**
 * The merchant select's options: the merchant chosen so far, then up to MERCHANT_MATCHES merchants
 * whose names match the words searched (server-side, trigram-indexed), never the whole list.
 */
export async function merchantChoices(context: AppLoadContext, values: Record<string, string>): Promise<MerchantChoices> {
  const chosenText = (values.merchantId ?? "").trim();
  const chosen = /^\d{1,9}$/.test(chosenText) ? await findMerchantRecord(context.db, Number(chosenText)) : null;
  const query = (values.merchantQuery ?? "").trim().slice(0, 100);
  const found = query ? await listMerchantRecords(context.db, { q: query, pageSize: MERCHANT_MATCHES }) : null;
  const options = [...(chosen ? [chosen] : []), ...(found?.rows ?? []).filter((row) => row.id !== chosen?.id)].map((merchant) => ({
    value: String(merchant.id),
    label: merchantLabel(merchant),
  }));
  return { options, query, total: found ? found.total : null };
}

/** How many option rows to show: those filled in plus blank rows to add more. */
export function optionRows(values: Record<string, string>): number {
  let filled = 0;
  for (let row = 0; row < MAX_OPTIONS; row++) {
    if ([...OPTION_FIELDS, "id" as const].some((field) => (values[optionField(row, field)] ?? "").trim() !== "")) filled = row + 1;
  }
  return Math.min(MAX_OPTIONS, filled + BLANK_OPTION_ROWS);
}

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "_csrf") values[name] = value;
  return values;
}

type EditorAnswer = FormResult & { rows: number; merchants?: MerchantChoices };

function answer(result: EditorAnswer, status: number) {
  return data<EditorAnswer>(result, { status });
}

/** The new-deal form's action: checked, created as a draft, then on to its page. */
export async function createDealAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  const values = formValues(form);
  const rows = optionRows(values);
  const merchants = await merchantChoices(context, values);
  if (form.get("intent") === "find-merchant") return answer({ values, rows, merchants }, 200);
  const parsed = parseDealForm(values, context.clock.now());
  if (!parsed.ok) return answer({ values, fieldErrors: parsed.fieldErrors, rows, merchants }, 400);
  try {
    const result = await createDeal(context.db, context.clock, actor, parsed.input);
    if (!result.ok) return answer({ values, fieldErrors: result.fieldErrors, rows, merchants }, 400);
    return redirect(`/admin/deals/${result.dealId}?created=1`);
  } catch (error) {
    const shown = shownError(error);
    return answer({ values, formError: shown.message, rows, merchants }, shown.status);
  }
}

/** The edit form's action: checked, saved and audited; search and the cached pages follow. */
export async function editDealAction(context: AppLoadContext, actor: StaffActor, dealId: number, form: FormData) {
  const values = formValues(form);
  const rows = optionRows(values);
  const merchants = await merchantChoices(context, values);
  if (form.get("intent") === "find-merchant") return answer({ values, rows, merchants }, 200);
  const parsed = parseDealForm(values, context.clock.now());
  if (!parsed.ok) return answer({ values, fieldErrors: parsed.fieldErrors, rows, merchants }, 400);
  try {
    const result = await editDeal(context.db, context.clock, { purger: context.adapters.purger }, actor, dealId, parsed.input);
    if (!result.ok) return answer({ values, fieldErrors: result.fieldErrors, rows, merchants }, 400);
    return answer({ success: "Saved: shoppers see the change from their next page.", rows }, 200);
  } catch (error) {
    const shown = shownError(error);
    return answer({ values, formError: shown.message, rows, merchants }, shown.status);
  }
}

/** "Clone": a new draft copy, then on to its edit form. */
export async function cloneDealAction(context: AppLoadContext, actor: StaffActor, dealId: number) {
  try {
    const { dealId: copyId } = await cloneDeal(context.db, context.clock, actor, dealId);
    return redirect(`/admin/deals/${copyId}/edit?cloned=${dealId}`);
  } catch (error) {
    const shown = shownError(error);
    return data({ formError: shown.message, intent: "clone" as const }, { status: shown.status });
  }
}

export { DEAL_EDITOR_FIELDS };
