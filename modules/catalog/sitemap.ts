/** What search engines should crawl: listing paths and deal URLs of one market. */
import { asc, count } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Brand } from "../../lib/brand";
import { loadCategoryTree } from "./categories";
import { listableCondition } from "./listing/deal-query";
import { listLocations } from "./locations";
import { deals, specialTags } from "./schema";

export const SITEMAP_DEALS_PER_FILE = 10_000;

/** Location homepages and categories, shop, travel, collections and special pages. */
export async function sitemapListingPaths(db: Db, brand: Brand): Promise<string[]> {
  const [tree, locations, tags] = await Promise.all([loadCategoryTree(db), listLocations(db, brand.countryCode), db.select({ slug: specialTags.slug }).from(specialTags)]);
  const paths: string[] = [];
  const local = tree.children(null, ["local"]);
  for (const location of locations) {
    paths.push(`/deals/${location.shortName}`);
    for (const top of local) {
      paths.push(`/deals/${location.shortName}/${top.shortName}`);
      for (const sub of tree.children(top.id)) paths.push(`/deals/${location.shortName}/${top.shortName}/${sub.shortName}`);
    }
    for (const tag of tags) paths.push(`/deals/${location.shortName}/special/${tag.slug}`);
  }
  for (const [root, kind] of [["/deals/shop", "national"], [`/deals/${brand.travelName}`, "travel"]] as const) {
    paths.push(root);
    for (const top of tree.children(null, [kind])) {
      paths.push(`${root}/${top.shortName}`);
      for (const sub of tree.children(top.id)) paths.push(`${root}/${top.shortName}/${sub.shortName}`);
    }
  }
  paths.push("/deals/vip", "/deals/wellness-collection", "/near-me/hub", "/gifts");
  return paths;
}

export async function countSitemapDealFiles(db: Db, brand: Brand, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(deals).where(listableCondition(brand.countryCode, now));
  return Math.max(1, Math.ceil(row.total / SITEMAP_DEALS_PER_FILE));
}

/** Deal URLs of sitemap file `file` (1-based), in id order. */
export async function sitemapDealPaths(db: Db, brand: Brand, now: Date, file: number): Promise<string[]> {
  const rows = await db
    .select({ urlPath: deals.urlPath })
    .from(deals)
    .where(listableCondition(brand.countryCode, now))
    .orderBy(asc(deals.id))
    .limit(SITEMAP_DEALS_PER_FILE)
    .offset((file - 1) * SITEMAP_DEALS_PER_FILE);
  return rows.map((row) => row.urlPath);
}
