/**
 * Data of the page shell (header, navigation, footer, theme): the same for every visitor of a
 * brand and location, so it can be cached with the page.
 */
import type { AppLoadContext } from "react-router";
import { countDeals } from "../../modules/catalog/listing/deal-query";
import { type Location, findLocation, listLocations } from "../../modules/catalog/locations";
import { type NavigationItem, listNavigation } from "../../modules/catalog/navigation";
import { type Countdown, activeCountdown, activeSeasonalTheme } from "../../modules/content/themes";
import { lookupSite } from "../../modules/catalog/site-lookup";
import { visitorLocationSlug } from "./location-cookie.server";

/** What the header needs of a navigation item (the API returns the full item). */
export interface ShellNavigationItem {
  id: number;
  kind: NavigationItem["kind"];
  linkText: string;
  url: string;
  subNavigations: ShellNavigationItem[];
}

function slim(item: NavigationItem): ShellNavigationItem {
  return { id: item.id, kind: item.kind, linkText: item.linkText, url: item.url, subNavigations: item.subNavigations.map(slim) };
}

export interface Shell {
  location: { id: number; name: string; shortName: string };
  locations: { name: string; shortName: string }[];
  navigation: ShellNavigationItem[];
  /**
   * False when the location has no local deals to list (spec §2: the local item is disabled in the
   * server-rendered state when the local link has no local match).
   */
  localMatch: boolean;
  season: string | null;
  countdown: Countdown | null;
  /** "vip" when the `site` query parameter names the VIP site (discovery §2): the VIP theme. */
  siteTheme: "vip" | null;
}

/** Path segments that name a location: /deals/{x}, /deal/{x}, /email-deals/{x}, /{x}/{location}/special. */
function pathLocationSlug(pathname: string): string | null {
  const [first, second, third] = pathname.toLowerCase().split("/").filter(Boolean);
  if (third === "special") return second ?? null;
  if (["deals", "deal", "email-deal", "email-deals"].includes(first ?? "")) return second ?? null;
  return null;
}

/** The visitor's location: the cookie's, when it is one of this market's, else the brand default. */
export async function visitorLocation(context: AppLoadContext, request: Request): Promise<Location> {
  const { db, brand } = context;
  const chosen = await findLocation(db, brand.countryCode, visitorLocationSlug(request, brand));
  if (chosen) return chosen;
  return defaultLocation(context);
}

async function defaultLocation(context: AppLoadContext): Promise<Location> {
  const { db, brand } = context;
  const fallback = await findLocation(db, brand.countryCode, brand.defaultLocationSlug);
  if (!fallback) throw new Error(`The default location ${brand.defaultLocationSlug} is missing: seed the catalogue`);
  return fallback;
}

/** `url` is the normalised page URL (a client data request's own URL ends in .data). */
export async function loadShell(context: AppLoadContext, request: Request, url: URL): Promise<Shell> {
  const { db, brand, clock } = context;
  const now = clock.now();
  // The page's own location (/deals/manchester, or ?location=manchester where the path names
  // none, as the listing itself reads it) names the local item; otherwise the visitor's.
  const fromPath = pathLocationSlug(url.pathname);
  const fromQuery = url.searchParams.get("location")?.slice(0, 64);
  const pageLocation =
    (fromPath ? await findLocation(db, brand.countryCode, fromPath) : null) ?? (fromQuery ? await findLocation(db, brand.countryCode, fromQuery) : null);
  const location = pageLocation ?? (await visitorLocation(context, request));
  const [navigation, localDeals, locations, season, countdown] = await Promise.all([
    listNavigation(db, { countryCode: brand.countryCode, location }),
    countDeals(db, { countryCode: brand.countryCode, locationId: location.id, dealTypes: ["local"] }, now),
    listLocations(db, brand.countryCode),
    activeSeasonalTheme(db, brand.id, now),
    activeCountdown(db, brand.id, now),
  ]);
  const site = url.searchParams.get("site");
  const siteTheme = site && (await lookupSite(db, brand.countryCode, site.slice(0, 64)))?.vip ? "vip" : null;
  return {
    location: { id: location.id, name: location.name, shortName: location.shortName },
    locations: locations.map((l) => ({ name: l.name, shortName: l.shortName })),
    navigation: navigation.map(slim),
    localMatch: localDeals > 0,
    season,
    countdown,
    siteTheme,
  };
}
