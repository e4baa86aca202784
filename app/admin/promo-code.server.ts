import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { BRAND_IDS, BRANDS, type BrandId } from "../../lib/brand";
import { instantOfWallTime, marketTimeZone, wallTimeOf } from "../../lib/market-time";
import { parseMajorUnits } from "../../lib/money";
import { parseFields } from "../../modules/accounts/validation";
import { describePromoCode } from "../../modules/promotions/describe-promo-code";
import { type PromoCodeListRow, type PromoCodeTerms, savePromoCode } from "../../modules/promotions/manage-promo-codes";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { PROMO_CODE_FIELDS } from "./promo-code-fields";

const timeZoneOf = (brand: BrandId) => marketTimeZone(BRANDS[brand].countryCode);
const optionalCount = z
  .string()
  .trim()
  .refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) > 0), "Enter a whole number of 1 or more, or leave it blank.");

const promoFields = z
  .object({
    brand: z.enum(BRAND_IDS, { error: "Choose the site the code works on." }),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,30}$/, "Enter 3 to 30 letters, digits or dashes."),
    kind: z.enum(["percentage", "fixed"], { error: "Choose a percentage or a fixed amount." }),
    value: z.string().trim(),
    minimumSpend: z
      .string()
      .trim()
      .refine((value) => value === "" || parseMajorUnits(value) !== null, "Enter an amount such as 20 or 20.00."),
    subCategoryId: z
      .string()
      .trim()
      .refine((value) => value === "" || /^\d{1,9}$/.test(value), "Choose a sub-category from the list."),
    startsAt: z.string().trim(),
    endsAt: z.string().trim(),
    maxUses: optionalCount,
    maxUsesPerCustomer: optionalCount,
  })
  .superRefine((form, context) => {
    const percent = form.kind === "percentage";
    const value = percent ? (/^\d{1,3}$/.test(form.value) ? Number(form.value) : null) : parseMajorUnits(form.value);
    if (value === null || value <= 0 || (percent && value > 100)) {
      context.addIssue({ code: "custom", path: ["value"], message: percent ? "Enter a whole percentage from 1 to 100." : "Enter an amount above 0, such as 5 or 5.00." });
    }
    const zone = timeZoneOf(form.brand);
    const starts = instantOfWallTime(form.startsAt, zone);
    const ends = instantOfWallTime(form.endsAt, zone);
    if (!starts) context.addIssue({ code: "custom", path: ["startsAt"], message: "Enter the date and time it starts." });
    if (!ends) context.addIssue({ code: "custom", path: ["endsAt"], message: "Enter the date and time it ends." });
    else if (starts && ends <= starts) context.addIssue({ code: "custom", path: ["endsAt"], message: "Enter an end after the start." });
  });

/** A code's terms as the form shows them (money in major units, times in the site's wall time). */
export function promoFormValues(row: PromoCodeTerms): Record<string, string> {
  const zone = timeZoneOf(row.brand);
  return {
    brand: row.brand,
    code: row.code,
    kind: row.kind,
    value: row.kind === "percentage" ? String(row.value) : (row.value / 100).toFixed(2),
    minimumSpend: (row.minimumSpend / 100).toFixed(2),
    subCategoryId: row.subCategoryId === null ? "" : String(row.subCategoryId),
    startsAt: wallTimeOf(row.startsAt, zone),
    endsAt: wallTimeOf(row.endsAt, zone),
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    maxUsesPerCustomer: row.maxUsesPerCustomer === null ? "" : String(row.maxUsesPerCustomer),
  };
}

/** The sentence staff read before saving; the sub-category's name from the page's list. */
export function promoSummary(
  terms: Pick<PromoCodeListRow, "brand" | "kind" | "value" | "minimumSpend" | "maxUses" | "maxUsesPerCustomer">,
  subCategoryName: string | null,
): string {
  return describePromoCode({ ...terms, subCategoryName }, BRANDS[terms.brand].currency);
}

export type PromoCodePageResult = FormResult & { intent?: string; summary?: string };

/**
 * The promo code form's actions: "preview" answers the sentence the terms make (nothing saved);
 * "save" creates or changes the code (audited by the use case) and goes to its page.
 */
export async function promoCodeAction(context: AppLoadContext, actor: StaffActor, id: number | null, form: FormData, subCategoryName: (id: number) => string | null) {
  const intent = formText(form, "intent");
  const values = Object.fromEntries(PROMO_CODE_FIELDS.map((field) => [field.name, formText(form, field.name)]));
  const answer = (result: PromoCodePageResult, status = 200) => data<PromoCodePageResult>({ ...result, values, intent }, { status });
  const parsed = parseFields(promoFields, values);
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  const fields = parsed.data;
  const zone = timeZoneOf(fields.brand);
  const terms: PromoCodeTerms = {
    brand: fields.brand,
    code: fields.code,
    kind: fields.kind,
    value: fields.kind === "percentage" ? Number(fields.value) : parseMajorUnits(fields.value)!,
    minimumSpend: fields.minimumSpend === "" ? 0 : parseMajorUnits(fields.minimumSpend)!,
    subCategoryId: fields.subCategoryId === "" ? null : Number(fields.subCategoryId),
    startsAt: instantOfWallTime(fields.startsAt, zone)!,
    endsAt: instantOfWallTime(fields.endsAt, zone)!,
    maxUses: fields.maxUses === "" ? null : Number(fields.maxUses),
    maxUsesPerCustomer: fields.maxUsesPerCustomer === "" ? null : Number(fields.maxUsesPerCustomer),
  };
  if (terms.subCategoryId !== null && subCategoryName(terms.subCategoryId) === null) return answer({ fieldErrors: { subCategoryId: "Choose a sub-category from the list." } }, 400);
  const summary = promoSummary(terms, terms.subCategoryId === null ? null : subCategoryName(terms.subCategoryId));
  if (intent === "preview") return answer({ summary });
  if (intent !== "save") return answer({ formError: "Unknown action." }, 400);
  try {
    const savedId = await savePromoCode(context.db, context.clock, actor, id, terms);
    return redirect(`/admin/promo-codes/${savedId}?saved=1`);
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "CODE_TAKEN") return answer({ fieldErrors: { code: shown.message } }, shown.status);
    return answer({ formError: shown.message }, shown.status);
  }
}
