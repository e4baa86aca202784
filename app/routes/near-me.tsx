import { redirect } from "react-router";
import { findLocation } from "../../modules/catalog/locations";
import { locationCookieHeader } from "../shell/location-cookie.server";
import type { Route } from "./+types/near-me";

/** /near-me/… is a listing (routes/listing.tsx) of the visitor's location; "Use my location" posts here. */
export { default, headers, loader, meta } from "./listing";

/** Remembers the location nearest the shopper (found with /v1/nearmelocation) and shows this page again. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const location = await findLocation(context.db, context.brand.countryCode, String(form.get("location") ?? "").slice(0, 64));
  if (!location) return redirect(url.pathname, 303);
  return redirect(url.pathname, { status: 303, headers: { "set-cookie": locationCookieHeader(location.shortName, url.protocol === "https:") } });
}
