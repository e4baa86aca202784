import { data, type AppLoadContext } from "react-router";
import { mainBrandOf, type CountryCode } from "../../lib/brand";
import { marketTimeZone, wallTimeOf } from "../../lib/market-time";
import { listPreviewTokens } from "../../modules/catalog/previews";
import { makePreviewLink } from "../../modules/deal-pipeline/preview-links";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";

export interface PreviewLink {
  href: string;
  /** Wall time in the deal's market, "2026-12-05 09:00". */
  expires: string;
}

/** Absolute links on the deal's market's site (the configured origin, never the request's Host). */
function linkOf(context: AppLoadContext, countryCode: CountryCode, token: string, expiresAt: Date): PreviewLink {
  return {
    href: `${context.brandOrigin(mainBrandOf(countryCode))}/deal-preview/${token}`,
    expires: wallTimeOf(expiresAt, marketTimeZone(countryCode)).replace("T", " "),
  };
}

/** A deal's open preview links, for staff who may make them. */
export async function previewLinksOf(context: AppLoadContext, deal: { id: number; countryCode: CountryCode }): Promise<PreviewLink[]> {
  const tokens = await listPreviewTokens(context.db, deal.id, context.clock.now());
  return tokens.map(({ token, expiresAt }) => linkOf(context, deal.countryCode, token, expiresAt));
}

/** The deal page's "Make a preview link": made and audited by the use case, shown at once. */
export async function previewLinkAction(context: AppLoadContext, actor: StaffActor, deal: { id: number; countryCode: CountryCode }) {
  try {
    const { token, expiresAt } = await makePreviewLink(context.db, context.clock, actor, deal.id);
    return data({ intent: "preview" as const, link: linkOf(context, deal.countryCode, token, expiresAt) });
  } catch (error) {
    const shown = shownError(error);
    return data({ intent: "preview" as const, formError: shown.message }, { status: shown.status });
  }
}
