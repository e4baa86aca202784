import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { BRANDS, type BrandId } from "../../lib/brand";
import { requiredText } from "../../modules/accounts/validation";
import { listDeals } from "../../modules/catalog/listing/list-deals";
import { parseListingQuery } from "../../modules/catalog/rules/listing-options";
import { parseListingPath } from "../../modules/catalog/rules/listing-path";
import { addScroller, editScroller, moveScroller, removeScroller, type ScrollerFields } from "../../modules/content/edit-scrollers";
import { scrollerFeedPath } from "../../modules/content/scrollers";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import { formText } from "../accounts/page.server";
import { SCROLLER_FIELDS } from "./scroller-fields";

export type ScrollerAnswer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; focus?: string; values?: Record<string, string> };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const optional = (max: number) => z.string().trim().max(max, `Enter no more than ${max} characters.`);
const slug = optional(60).refine((value) => value === "" || SLUG.test(value), "Use lower-case letters, digits and hyphens, as in the deal addresses (christmas-gifts).");

const scrollerFields = z
  .object({
    pageLocation: slug.refine((value) => value !== "", "Enter the page the scroller is on (homepage for the home page)."),
    header: requiredText(80),
    subHeader: optional(160),
    specialSearchTag: slug,
    category: slug,
    ctaLabel: optional(40),
    ctaLink: optional(200).refine((value) => value === "" || value.startsWith("/"), "Enter an address on this site, starting with / ({location} becomes the shopper's location)."),
  })
  .superRefine((value, ctx) => {
    if (!value.specialSearchTag && !value.category)
      ctx.addIssue({ code: "custom", path: ["specialSearchTag"], message: "Enter a special tag or a category: the scroller lists their deals." });
  });

const orNull = (value: string) => value || null;

/** The scrollers page's forms: add, change, move, remove; each audited by its use case. */
export async function scrollersAction(context: AppLoadContext, actor: StaffActor, brand: BrandId, form: FormData) {
  const answer = (result: ScrollerAnswer, status = 200) => data<ScrollerAnswer>(result, { status });
  const intent = formText(form, "intent");
  const id = Number(formText(form, "id"));
  const known = Number.isSafeInteger(id) && id > 0;
  try {
    if ((intent === "up" || intent === "down" || intent === "remove") && known) {
      if (intent === "remove") {
        await removeScroller(context.db, context.clock, actor, id);
        return answer({ success: "Scroller removed: the home page no longer shows it." });
      }
      await moveScroller(context.db, context.clock, actor, id, intent);
      return answer({ success: `Moved ${intent}: shoppers see the new order on their next page.`, focus: `${intent}:${id}` });
    }
    if (intent === "save") {
      const values = Object.fromEntries(SCROLLER_FIELDS.map((field) => [field.name, formText(form, field.name)]));
      const parsed = scrollerFields.safeParse(values);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
        return answer({ fieldErrors, values }, 400);
      }
      const fields: ScrollerFields = {
        pageLocation: parsed.data.pageLocation,
        header: parsed.data.header,
        subHeader: orNull(parsed.data.subHeader),
        specialSearchTag: orNull(parsed.data.specialSearchTag),
        category: orNull(parsed.data.category),
        ctaLabel: orNull(parsed.data.ctaLabel),
        ctaLink: orNull(parsed.data.ctaLink),
      };
      if (known) await editScroller(context.db, context.clock, actor, id, fields);
      else await addScroller(context.db, context.clock, actor, brand, fields);
      return answer({ success: `Scroller “${fields.header}” saved: shoppers see it on their next page.` });
    }
    return answer({ formError: "Unknown action." }, 400);
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}

/** Preview: the deals the scroller would list now in the brand's default location (the same listing query as the scroller's own feed). */
export async function scrollerPreview(context: AppLoadContext, brandId: BrandId, config: { specialSearchTag: string | null; category: string | null }) {
  const brand = BRANDS[brandId];
  const feedPath = scrollerFeedPath(config, brand.defaultLocationSlug);
  if (!feedPath) return { feedPath: null, deals: [] };
  try {
    const parsed = parseListingPath(feedPath);
    if (parsed.target.kind === "deal") return { feedPath, deals: [] };
    const listing = await listDeals(context.db, {
      brand,
      now: context.clock.now(),
      pageType: parsed.pageType,
      target: parsed.target,
      query: parseListingQuery(new URLSearchParams()),
      visitorLocation: brand.defaultLocationSlug,
      outOfRange: "empty",
      fresh: true,
      pageSize: 12,
    });
    return { feedPath, deals: listing.deals.map((deal) => ({ id: deal.id, headline: deal.headline })) };
  } catch {
    // A tag or category that names no listing shows no deals: the editor sees that in the preview.
    return { feedPath, deals: [] };
  }
}
