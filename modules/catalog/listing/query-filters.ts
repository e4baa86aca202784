/**
 * The listing filter keys (category, subcategory, categories, searchTag, vip, all) turned into
 * scope conditions, for listings by path and the deals under a deal page alike. What each key
 * means: docs/decisions/catalog-listing-query-keys.md.
 */
import type { Db } from "../../../db/client";
import type { Category, CategoryTree } from "../categories";
import { CatalogError } from "../errors";
import type { ListingFilters } from "../rules/listing-options";
import type { CategoryKind } from "../schema";
import { findSpecialTag } from "../special-tags";
import { type DealScope, FLAG_TAGS } from "./deal-query";

export interface QueryFilters {
  /** The scope narrowed by the keys (or, with `all`, widened to every location). */
  apply(scope: DealScope): DealScope;
}

/**
 * A key that names nothing, or a category other than the path's own (`chain`), is a page that
 * does not exist: CatalogError PAGE_NOT_FOUND.
 */
export async function resolveQueryFilters(
  db: Db,
  tree: CategoryTree,
  query: ListingFilters,
  context: { kinds?: readonly CategoryKind[]; chain: readonly Category[] },
): Promise<QueryFilters> {
  const { kinds, chain } = context;
  const filter: Partial<DealScope> = {};
  let top = chain[0];
  if (query.category) {
    const category = tree.withSlug(query.category, kinds).find((row) => row.parentId === null);
    if (!category || (top && top.id !== category.id)) throw new CatalogError("PAGE_NOT_FOUND");
    top = category;
    filter.categoryId = category.id;
  }
  if (query.subCategory) {
    const subs = tree.withSlug(query.subCategory, kinds).filter((row) => row.parentId !== null && (!top || row.parentId === top.id));
    const pathSub = chain[1];
    if (subs.length === 0 || (pathSub && !subs.some((row) => row.id === pathSub.id))) throw new CatalogError("PAGE_NOT_FOUND");
    filter.subCategoryIn = subs.map((row) => row.id);
  }
  if (query.categories.length) {
    const ids = query.categories.flatMap((slug) => tree.withSlug(slug, kinds).map((row) => row.id));
    if (ids.length === 0) throw new CatalogError("PAGE_NOT_FOUND");
    filter.anyCategoryIn = ids;
  }
  if (query.searchTag) {
    if (!(FLAG_TAGS as readonly string[]).includes(query.searchTag) && !(await findSpecialTag(db, query.searchTag))) {
      throw new CatalogError("PAGE_NOT_FOUND");
    }
    filter.searchTag = query.searchTag;
  }
  if (query.vip) filter.vipOnly = true;
  return {
    apply(scope) {
      const next: DealScope = { ...scope, ...filter };
      // `all`: every location's local deals (with the market's other deals where the scope has them).
      if (query.all) delete next.locationId;
      return next;
    },
  };
}
