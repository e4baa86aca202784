import { countSitemapDealFiles, sitemapDealPaths, sitemapListingPaths } from "../../modules/catalog/sitemap";
import { listContentPages } from "../../modules/content/pages";
import type { Route } from "./+types/sitemap";

const XML = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlset(origin: string, paths: string[]): Response {
  const urls = paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`).join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, { headers: XML });
}

/**
 * /sitemap.xml is an index of /sitemap/pages.xml (listings and content) and
 * /sitemap/deals-{n}.xml (10,000 deal URLs each), per brand.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, brand, clock } = context;
  const origin = context.publicOrigin;
  const file = params.file;
  if (file === undefined) {
    const dealFiles = await countSitemapDealFiles(db, brand, clock.now());
    const names = ["pages.xml", ...Array.from({ length: dealFiles }, (_, i) => `deals-${i + 1}.xml`)];
    const entries = names.map((name) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${name}`)}</loc></sitemap>`).join("");
    return new Response(`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`, { headers: XML });
  }
  if (file === "pages.xml") {
    const [listings, pages, guides, editorial] = await Promise.all([
      sitemapListingPaths(db, brand),
      listContentPages(db, "page", brand),
      listContentPages(db, "guide", brand),
      listContentPages(db, "editorial", brand),
    ]);
    const contentPaths = [
      ...pages.map((page) => `/page/${page.slug}`),
      ...guides.map((guide) => `/${guide.slug}`),
      ...editorial.filter((page) => page.slug !== "gifts").map((page) => `/${page.slug}`),
    ];
    return urlset(origin, [...listings, ...contentPaths]);
  }
  const match = /^deals-([1-9]\d{0,4})\.xml$/.exec(file);
  if (!match) return new Response("Page not found", { status: 404 });
  const paths = await sitemapDealPaths(db, brand, clock.now(), Number(match[1]));
  if (paths.length === 0) return new Response("Page not found", { status: 404 });
  return urlset(origin, paths);
}
