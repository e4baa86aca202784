import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memo } from "../../lib/memo";
import { type CategoryKind, categories } from "./schema";

export type Category = typeof categories.$inferSelect;

/** The whole category tree (a few dozen rows), children in display order. */
export class CategoryTree {
  private readonly byParent = new Map<number | null, Category[]>();
  private readonly byId = new Map<number, Category>();

  constructor(rows: readonly Category[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.byParent.get(row.parentId) ?? [];
      siblings.push(row);
      this.byParent.set(row.parentId, siblings);
    }
  }

  get(id: number): Category | undefined {
    return this.byId.get(id);
  }

  children(parentId: number | null, kinds?: readonly CategoryKind[]): Category[] {
    const rows = this.byParent.get(parentId) ?? [];
    return kinds ? rows.filter((row) => kinds.includes(row.kind)) : rows;
  }

  /** Every category with this slug (slugs repeat under different parents), top level first. */
  withSlug(slug: string, kinds?: readonly CategoryKind[]): Category[] {
    return [...this.byId.values()]
      .filter((row) => row.shortName === slug && (!kinds || kinds.includes(row.kind)))
      .sort((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null));
  }

  /** Follows slugs from the top level down; null when any slug is unknown (or of another kind). */
  resolve(slugs: readonly string[], kinds?: readonly CategoryKind[]): Category[] | null {
    const chain: Category[] = [];
    let parentId: number | null = null;
    for (const slug of slugs) {
      const next: Category | undefined = this.children(parentId, kinds).find((row) => row.shortName === slug);
      if (!next) return null;
      chain.push(next);
      parentId = next.id;
    }
    return chain;
  }
}

/** The tree is read at most every 30 s: every listing needs it and it changes with releases. */
const TREE_TTL_MS = 30_000;

export function loadCategoryTree(db: Db): Promise<CategoryTree> {
  return memo(db, "category-tree", TREE_TTL_MS, async () => {
    const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    return new CategoryTree(rows);
  });
}
