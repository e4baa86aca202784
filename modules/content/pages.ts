import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Brand } from "../../lib/brand";
import { type ContentKind, type DealsFeed, contentPages } from "./schema";

/** A content page as `/v1/staticpage` returns it (spec discovery §7 "GET content by slug"). */
export interface ContentPage {
  slug: string;
  kind: ContentKind;
  displayName: string;
  description: string;
  text: string;
  additionalText: string | null;
  dealsFeed: DealsFeed | null;
  listicleView: boolean;
  redirectUrl: string | null;
  updatedAt: string;
}

const SLUG = /^[a-z0-9]+(?:[-.][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-.][a-z0-9]+)*)?$/;

export function isContentSlug(slug: string): boolean {
  return slug.length <= 120 && SLUG.test(slug);
}

/** The brand's own version of a page, else the shared one; null when there is none. */
export async function getContentPage(db: Db, slug: string, brand: Pick<Brand, "id" | "displayName">): Promise<ContentPage | null> {
  if (!isContentSlug(slug)) return null;
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), or(isNull(contentPages.brand), eq(contentPages.brand, brand.id))))
    .orderBy(desc(sql`${contentPages.brand} is not null`))
    .limit(1);
  if (!row) return null;
  const named = (text: string) => text.replaceAll("{brand}", brand.displayName);
  return {
    slug: row.slug,
    kind: row.kind,
    displayName: named(row.displayName),
    description: named(row.description),
    text: named(row.text),
    additionalText: row.additionalText === null ? null : named(row.additionalText),
    dealsFeed: row.dealsFeed,
    listicleView: row.listicleView,
    redirectUrl: row.redirectUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Pages of one kind (the guides hub lists the guides), brand versions first. */
export async function listContentPages(db: Db, kind: ContentKind, brand: Pick<Brand, "id" | "displayName">): Promise<{ slug: string; displayName: string; description: string }[]> {
  const rows = await db
    .select({ slug: contentPages.slug, brand: contentPages.brand, displayName: contentPages.displayName, description: contentPages.description })
    .from(contentPages)
    .where(and(eq(contentPages.kind, kind), or(isNull(contentPages.brand), eq(contentPages.brand, brand.id))))
    .orderBy(contentPages.slug, desc(sql`${contentPages.brand} is not null`));
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.slug) && seen.add(row.slug))
    .map((row) => ({
      slug: row.slug,
      displayName: row.displayName.replaceAll("{brand}", brand.displayName),
      description: row.description.replaceAll("{brand}", brand.displayName),
    }));
}
