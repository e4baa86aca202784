import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { isBrandId } from "../../lib/brand";
import { instantOfWallTime, marketTimeZone, wallTimeOf } from "../../lib/market-time";
import { requiredText } from "../../modules/accounts/validation";
import { removeTheme, saveTheme, type ThemeRow } from "../../modules/content/theme-editing";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import { formText } from "../accounts/page.server";
import { THEME_FIELDS } from "./theme-fields";

/** The UK and Ireland share their wall clock: one zone reads every brand's dates. */
export const THEME_TIME_ZONE = marketTimeZone("GB");

export type ThemeAnswer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; values?: Record<string, string> };

const themeFields = z
  .object({
    name: requiredText(40).refine((value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value), "Use lower-case letters, digits and hyphens (christmas-egift)."),
    brand: z.string().refine((value) => value === "" || isBrandId(value), "Choose a site, or every site."),
    startsAt: z.string(),
    endsAt: z.string(),
    priority: z
      .string()
      .trim()
      .regex(/^-?\d{1,4}$/, "Enter a whole number, such as 0 or 10."),
  })
  .superRefine((form, context) => {
    const starts = instantOfWallTime(form.startsAt, THEME_TIME_ZONE);
    const ends = instantOfWallTime(form.endsAt, THEME_TIME_ZONE);
    if (!starts) context.addIssue({ code: "custom", path: ["startsAt"], message: "Enter the date and time it starts." });
    if (!ends) context.addIssue({ code: "custom", path: ["endsAt"], message: "Enter the date and time it ends." });
    else if (starts && ends <= starts) context.addIssue({ code: "custom", path: ["endsAt"], message: "Enter an end after the start." });
  });

/** A theme as the form shows it (times in the market's wall time). */
export function themeFormValues(row: ThemeRow): Record<string, string> {
  return {
    name: row.name,
    brand: row.brand ?? "",
    startsAt: wallTimeOf(row.startsAt, THEME_TIME_ZONE),
    endsAt: wallTimeOf(row.endsAt, THEME_TIME_ZONE),
    priority: String(row.priority),
  };
}

/** The themes page's forms: save (add or change) and remove; each audited by its use case. */
export async function themesAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  const answer = (result: ThemeAnswer, status = 200) => data<ThemeAnswer>(result, { status });
  const intent = formText(form, "intent");
  const idText = formText(form, "id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  try {
    if (intent === "remove" && id) {
      await removeTheme(context.db, context.clock, actor, id);
      return answer({ success: "Theme removed." });
    }
    if (intent !== "save") return answer({ formError: "Unknown action." }, 400);
    const values = Object.fromEntries(THEME_FIELDS.map((field) => [field.name, formText(form, field.name)]));
    const parsed = themeFields.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return answer({ fieldErrors, values }, 400);
    }
    await saveTheme(context.db, context.clock, actor, id, {
      name: parsed.data.name,
      brand: parsed.data.brand || null,
      startsAt: instantOfWallTime(parsed.data.startsAt, THEME_TIME_ZONE)!,
      endsAt: instantOfWallTime(parsed.data.endsAt, THEME_TIME_ZONE)!,
      priority: Number(parsed.data.priority),
    });
    return answer({ success: `Theme “${parsed.data.name}” saved: pages use it from their next request within its dates.` });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
