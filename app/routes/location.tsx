import { redirect } from "react-router";
import { findLocation } from "../../modules/catalog/locations";
import { locationCookieHeader } from "../shell/location-cookie.server";
import type { Route } from "./+types/location";

/** A chosen location's deals, remembered for a year; an unknown or missing choice goes home. */
async function chooseLocation(context: Route.LoaderArgs["context"], url: URL, chosen: string) {
  const location = chosen ? await findLocation(context.db, context.brand.countryCode, chosen) : null;
  if (!location) return redirect("/", { headers: { "Cache-Control": "private, no-store" } });
  const secure = url.protocol === "https:";
  return redirect(`/deals/${location.shortName}`, {
    headers: { "set-cookie": locationCookieHeader(location.shortName, secure), "Cache-Control": "private, no-store" },
  });
}

/**
 * The location picker is a GET form: /location?location=manchester. It only remembers a preference
 * (no account data), so it needs no CSRF token and works without JavaScript.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return chooseLocation(context, url, url.searchParams.get("location") ?? "");
}

/** Older pages posted the picker here (with the visitor's CSRF token): still honoured. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  return chooseLocation(context, url, String(form.get("location") ?? ""));
}
