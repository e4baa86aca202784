import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { contentCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { ContentError } from "./errors";
import { type ContentKind, contentPages } from "./schema";

/** The words of a content page that editors change (the rest — slug, deals feed, redirect — stay as seeded). */
export interface ContentPageCopy {
  displayName: string;
  description: string;
  text: string;
  additionalText: string | null;
}

export interface ContentPageRecord extends ContentPageCopy {
  id: number;
  slug: string;
  brand: string | null;
  kind: ContentKind;
  updatedAt: Date;
}

export interface ContentPageListRow {
  id: number;
  slug: string;
  brand: string | null;
  kind: ContentKind;
  displayName: string;
  updatedAt: Date;
}

/** Every content page for the back office, by kind and slug; `q` finds words of the slug or name. */
export async function listContentPagesForStaff(db: Db, query: { q?: string; kind?: ContentKind }): Promise<ContentPageListRow[]> {
  const words = query.q?.trim();
  const pattern = words ? `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({
      id: contentPages.id,
      slug: contentPages.slug,
      brand: contentPages.brand,
      kind: contentPages.kind,
      displayName: contentPages.displayName,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(and(query.kind ? eq(contentPages.kind, query.kind) : undefined, pattern ? or(ilike(contentPages.slug, pattern), ilike(contentPages.displayName, pattern)) : undefined))
    .orderBy(asc(contentPages.kind), asc(contentPages.slug), sql`${contentPages.brand} nulls first`);
}

export async function findContentPageRecord(db: Db, id: number): Promise<ContentPageRecord | null> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id));
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    brand: row.brand,
    kind: row.kind,
    displayName: row.displayName,
    description: row.description,
    text: row.text,
    additionalText: row.additionalText,
    updatedAt: row.updatedAt,
  };
}

/**
 * An editor changes a content page's words: refused when someone saved it after the editor opened
 * it (`openedAt`, the version the form showed), written with an audit row of what changed in one
 * transaction, and every instance told to drop the cached page on commit (with the guides hub,
 * which lists the guides' names), so shoppers read the new words on their next request.
 */
export async function editContentPage(db: Db, clock: Clock, actor: StaffActor, id: number, copy: ContentPageCopy, openedAt: Date): Promise<void> {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new ContentError("NOT_YOUR_ROLE");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentPages).where(eq(contentPages.id, id)).for("update");
    if (!row) throw new ContentError("PAGE_NOT_FOUND");
    if (row.updatedAt.getTime() !== openedAt.getTime()) throw new ContentError("PAGE_CHANGED_MEANWHILE");
    const before: ContentPageCopy = { displayName: row.displayName, description: row.description, text: row.text, additionalText: row.additionalText };
    const changed = (Object.keys(copy) as (keyof ContentPageCopy)[]).filter((field) => copy[field] !== before[field]);
    if (changed.length === 0) return;
    await tx
      .update(contentPages)
      .set({ ...copy, updatedAt: clock.now() })
      .where(eq(contentPages.id, id));
    await recordStaffChange(tx, clock, actor, {
      action: "content.edit",
      entity: { type: "content_page", id },
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, copy[field]])),
    });
    await announceCacheChanges(tx, row.kind === "guide" ? [contentCacheTag(row.slug), contentCacheTag("guides/hub")] : [contentCacheTag(row.slug)]);
  });
}
