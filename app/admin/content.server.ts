import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { parseFields, requiredText } from "../../modules/accounts/validation";
import { contentBlocks } from "../../modules/content/blocks";
import { editContentPage } from "../../modules/content/edit-content-page";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { CONTENT_PAGE_FIELDS } from "./content-fields";

// Pages are rendered from plain text as React text (never injected as HTML); a tag typed into the
// form would show as code to shoppers, so it is refused with the way to write the same thing.
const NO_HTML = "Use plain text: HTML is not accepted. Start a line with ## for a heading or - for a list item.";
const plainText = (schema: z.ZodString) => schema.refine((value) => !/<\/?[a-z!][^>]*>/i.test(value), NO_HTML);

const contentFields = z.object({
  displayName: plainText(requiredText(120)),
  description: plainText(requiredText(300)),
  text: plainText(requiredText(20_000)),
  additionalText: plainText(z.string().trim().max(1000, "Enter no more than 1,000 characters.")),
});

export type ContentPageResult = FormResult & { intent?: string; preview?: ReturnType<typeof contentBlocks>; openedAt?: string };

/** The content page's actions: preview the posted words as shoppers will see them (nothing saved), or save them (audited by the use case). */
export async function contentPageAction(context: AppLoadContext, actor: StaffActor, pageId: number, form: FormData) {
  const intent = formText(form, "intent");
  const values = Object.fromEntries(CONTENT_PAGE_FIELDS.map((field) => [field.name, formText(form, field.name)]));
  const openedAt = formText(form, "openedAt");
  const answer = (result: ContentPageResult, status = 200) => data<ContentPageResult>({ ...result, values, intent, openedAt }, { status });
  const parsed = parseFields(contentFields, values);
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  const copy = { ...parsed.data, additionalText: parsed.data.additionalText || null };
  if (intent === "preview") return answer({ preview: contentBlocks(copy.text.replaceAll("{brand}", context.brand.displayName)) });
  if (intent !== "save") return answer({ formError: "Unknown action." }, 400);
  const opened = new Date(openedAt);
  if (Number.isNaN(opened.getTime())) return answer({ formError: "Open the page again, then make your changes." }, 400);
  try {
    await editContentPage(context.db, context.clock, actor, pageId, copy, opened);
    return answer({ success: "Saved: shoppers read the new words from their next page." });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
