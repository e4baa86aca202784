/**
 * The back office's navigation editor: a market's top-level header items in order, moved one place
 * at a time, renamed, hidden and shown again. Each change is audited in its transaction and announced as a change of the
 * shop's shell, so every page shows the new header on its next request.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import type { CountryCode } from "../../lib/brand";
import { shopShellCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { forgetMemo } from "../../lib/memo";
import { type MoveDirection, moveInList } from "../../lib/move-in-list";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { CatalogError } from "./errors";
import { navigationItems } from "./schema";

export interface NavigationEditorRow {
  id: number;
  shortName: string;
  linkText: string;
  url: string;
  sortOrder: number;
  /** Left out of the header (with its sub-items) until shown again. */
  hidden: boolean;
}

/** A market's top-level header items in the order shoppers see them. */
export async function listNavigationForStaff(db: Db, countryCode: CountryCode): Promise<NavigationEditorRow[]> {
  return db
    .select({
      id: navigationItems.id,
      shortName: navigationItems.shortName,
      linkText: navigationItems.linkText,
      url: navigationItems.url,
      sortOrder: navigationItems.sortOrder,
      hidden: navigationItems.hidden,
    })
    .from(navigationItems)
    .where(and(eq(navigationItems.countryCode, countryCode), isNull(navigationItems.parentId)))
    .orderBy(asc(navigationItems.sortOrder), asc(navigationItems.id));
}

function mayEdit(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new CatalogError("NAVIGATION_NOT_YOUR_ROLE");
}

/** Moves one item a place up or down; the market's items are renumbered 10, 20, … so the order is exact. */
export async function moveNavigationItem(db: Db, clock: Clock, actor: StaffActor, countryCode: CountryCode, id: number, direction: MoveDirection): Promise<void> {
  mayEdit(actor);
  await db.transaction(async (tx) => {
    const rows = await listNavigationForStaff(tx, countryCode);
    if (!rows.some((row) => row.id === id)) throw new CatalogError("NAVIGATION_ITEM_NOT_FOUND");
    const order = moveInList(
      rows.map((row) => row.id),
      id,
      direction,
    );
    if (!order) return;
    for (const [index, itemId] of order.entries()) {
      await tx
        .update(navigationItems)
        .set({ sortOrder: (index + 1) * 10 })
        .where(eq(navigationItems.id, itemId));
    }
    await recordStaffChange(tx, clock, actor, {
      action: "navigation.reorder",
      entity: { type: "navigation", id: countryCode },
      before: { order: rows.map((row) => row.shortName) },
      after: { order: order.map((itemId) => rows.find((row) => row.id === itemId)!.shortName) },
    });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
  });
  forgetMemo(db);
}

/** Renames the item in the header (its link text); its address and category stay. */
export async function renameNavigationItem(db: Db, clock: Clock, actor: StaffActor, id: number, linkText: string): Promise<void> {
  mayEdit(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(navigationItems).where(eq(navigationItems.id, id)).for("update");
    if (!row) throw new CatalogError("NAVIGATION_ITEM_NOT_FOUND");
    if (row.linkText === linkText) return;
    await tx.update(navigationItems).set({ linkText }).where(eq(navigationItems.id, id));
    await recordStaffChange(tx, clock, actor, { action: "navigation.rename", entity: { type: "navigation_item", id }, before: { linkText: row.linkText }, after: { linkText } });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
  });
  forgetMemo(db);
}

/** Hides an item from the header (its place in the order is kept) or shows it again. */
export async function setNavigationItemHidden(db: Db, clock: Clock, actor: StaffActor, id: number, hidden: boolean): Promise<void> {
  mayEdit(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(navigationItems).where(eq(navigationItems.id, id)).for("update");
    if (!row) throw new CatalogError("NAVIGATION_ITEM_NOT_FOUND");
    if (row.hidden === hidden) return;
    await tx.update(navigationItems).set({ hidden }).where(eq(navigationItems.id, id));
    await recordStaffChange(tx, clock, actor, {
      action: hidden ? "navigation.hide" : "navigation.show",
      entity: { type: "navigation_item", id },
      before: { hidden: row.hidden },
      after: { hidden },
    });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
  });
  forgetMemo(db);
}
