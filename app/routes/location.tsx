import { redirect } from "react-router";
import { findLocation } from "../../modules/catalog/locations";
import { locationCookieHeader } from "../shell/location-cookie.server";
import type { Route } from "./+types/location";

/** The location picker posts here: remember the choice for a year and show that location's deals. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const location = await findLocation(context.db, context.brand.countryCode, String(form.get("location") ?? ""));
  if (!location) return redirect("/");
  const secure = url.protocol === "https:";
  return redirect(`/deals/${location.shortName}`, { headers: { "set-cookie": locationCookieHeader(location.shortName, secure) } });
}

export function loader() {
  return redirect("/");
}
