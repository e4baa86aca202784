/**
 * The back office's home scroller editor: a brand's scrollers per page location, added, changed,
 * removed and moved one place at a time. Each change is audited in its transaction and announced
 * as a change of the shop's shell, so the home page shows it on its next request.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { shopShellCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { forgetMemo } from "../../lib/memo";
import { type MoveDirection, moveInList } from "../../lib/move-in-list";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { ContentError } from "./errors";
import { scrollerConfigurations } from "./schema";

export { scrollerFeedPath } from "./scrollers";

/** What an editor sets on a scroller (the rest of the spec's entry stays as seeded). */
export interface ScrollerFields {
  pageLocation: string;
  header: string;
  subHeader: string | null;
  specialSearchTag: string | null;
  category: string | null;
  ctaLabel: string | null;
  ctaLink: string | null;
}

export interface ScrollerRow extends ScrollerFields {
  id: number;
  brand: string;
}

const FIELDS = ["pageLocation", "header", "subHeader", "specialSearchTag", "category", "ctaLabel", "ctaLink"] as const;
const fieldsOf = (row: ScrollerFields): ScrollerFields => Object.fromEntries(FIELDS.map((field) => [field, row[field]])) as unknown as ScrollerFields;

/** A brand's scrollers on one page location, in the order shoppers see them. */
export async function listScrollersForStaff(db: Db, brand: string, pageLocation: string): Promise<ScrollerRow[]> {
  const rows = await db
    .select()
    .from(scrollerConfigurations)
    .where(and(eq(scrollerConfigurations.brand, brand), eq(scrollerConfigurations.pageLocation, pageLocation)))
    .orderBy(asc(scrollerConfigurations.sortOrder), asc(scrollerConfigurations.id));
  return rows.map((row) => ({ id: row.id, brand: row.brand, ...fieldsOf(row) }));
}

/** The page locations a brand has scrollers on (the home page always listed first). */
export async function scrollerPageLocations(db: Db, brand: string): Promise<string[]> {
  const rows = await db.selectDistinct({ pageLocation: scrollerConfigurations.pageLocation }).from(scrollerConfigurations).where(eq(scrollerConfigurations.brand, brand));
  return [...new Set(["homepage", ...rows.map((row) => row.pageLocation).sort()])];
}

function mayEdit(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new ContentError("NOT_YOUR_ROLE");
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function audited(db: Db, clock: Clock, actor: StaffActor, change: (tx: Tx) => Promise<{ action: string; id: number; before: object | null; after: object | null } | null>) {
  mayEdit(actor);
  const result = await db.transaction(async (tx) => {
    const done = await change(tx);
    if (!done) return null;
    await recordStaffChange(tx, clock, actor, {
      action: done.action,
      entity: { type: "scroller", id: done.id },
      before: done.before as Record<string, unknown> | null,
      after: done.after as Record<string, unknown> | null,
    });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
    return done.id;
  });
  forgetMemo(db);
  return result;
}

async function lockedScroller(tx: Tx, id: number) {
  const [row] = await tx.select().from(scrollerConfigurations).where(eq(scrollerConfigurations.id, id)).for("update");
  if (!row) throw new ContentError("SCROLLER_NOT_FOUND");
  return row;
}

/** Adds a scroller at the end of its page location's list; answers its id. */
export async function addScroller(db: Db, clock: Clock, actor: StaffActor, brand: string, fields: ScrollerFields): Promise<number> {
  const id = await audited(db, clock, actor, async (tx) => {
    const existing = await listScrollersForStaff(tx, brand, fields.pageLocation);
    const [row] = await tx
      .insert(scrollerConfigurations)
      .values({ brand, ...fields, sortOrder: (existing.length + 1) * 10 })
      .returning({ id: scrollerConfigurations.id });
    return { action: "scroller.add", id: row.id, before: null, after: { brand, ...fields } };
  });
  return id!;
}

/** Changes a scroller's fields; nothing is written when nothing changed. */
export async function editScroller(db: Db, clock: Clock, actor: StaffActor, id: number, fields: ScrollerFields): Promise<void> {
  await audited(db, clock, actor, async (tx) => {
    const row = await lockedScroller(tx, id);
    const before = fieldsOf(row);
    if (FIELDS.every((field) => before[field] === fields[field])) return null;
    await tx.update(scrollerConfigurations).set(fields).where(eq(scrollerConfigurations.id, id));
    return { action: "scroller.edit", id, before, after: fields };
  });
}

export async function removeScroller(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  await audited(db, clock, actor, async (tx) => {
    const row = await lockedScroller(tx, id);
    await tx.delete(scrollerConfigurations).where(eq(scrollerConfigurations.id, id));
    return { action: "scroller.remove", id, before: { brand: row.brand, ...fieldsOf(row) }, after: null };
  });
}

/** Moves a scroller one place within its brand and page location; the list is renumbered 10, 20, … */
export async function moveScroller(db: Db, clock: Clock, actor: StaffActor, id: number, direction: MoveDirection): Promise<void> {
  await audited(db, clock, actor, async (tx) => {
    const row = await lockedScroller(tx, id);
    const rows = await listScrollersForStaff(tx, row.brand, row.pageLocation);
    const order = moveInList(
      rows.map((other) => other.id),
      id,
      direction,
    );
    if (!order) return null;
    for (const [index, otherId] of order.entries()) {
      await tx
        .update(scrollerConfigurations)
        .set({ sortOrder: (index + 1) * 10 })
        .where(eq(scrollerConfigurations.id, otherId));
    }
    const header = (otherId: number) => rows.find((other) => other.id === otherId)!.header;
    return { action: "scroller.reorder", id, before: { order: rows.map((other) => other.header) }, after: { order: order.map(header) } };
  });
}
