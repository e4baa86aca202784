import { data, redirect } from "react-router";
import { findPreviewDealPath } from "../../modules/catalog/previews";
import type { Route } from "./+types/deal-preview";

/** /deal-preview/{token}: opens the deal behind a preview link, in preview mode. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const path = await findPreviewDealPath(context.db, params.token, context.brand.countryCode, context.clock.now());
  if (!path) throw data("Page not found", { status: 404, headers: { "cache-control": "private, no-store" } });
  return redirect(`${path}?dealPreview=${encodeURIComponent(params.token)}`, { headers: { "cache-control": "private, no-store" } });
}
