/**
 * The back office's seasonal themes: name, brand (or every brand), window and priority, added,
 * changed and removed. Each change is audited in its transaction and announced as a change of the
 * shop's shell, so pages pick the theme up on their next request.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { shopShellCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { forgetMemo } from "../../lib/memo";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { ContentError } from "./errors";
import { seasonalThemes } from "./schema";

export interface ThemeFields {
  name: string;
  /** Null: every brand. */
  brand: string | null;
  startsAt: Date;
  endsAt: Date;
  priority: number;
}

export interface ThemeRow extends ThemeFields {
  id: number;
}

export async function listThemesForStaff(db: Db): Promise<ThemeRow[]> {
  return db.select().from(seasonalThemes).orderBy(desc(seasonalThemes.startsAt), desc(seasonalThemes.priority));
}

const shown = (fields: ThemeFields) => ({ ...fields, startsAt: fields.startsAt.toISOString(), endsAt: fields.endsAt.toISOString() });

/** Adds a theme (no id) or changes one; refused when the window ends before it starts. */
export async function saveTheme(db: Db, clock: Clock, actor: StaffActor, id: number | null, fields: ThemeFields): Promise<number> {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new ContentError("NOT_YOUR_ROLE");
  if (fields.endsAt <= fields.startsAt) throw new ContentError("THEME_ENDS_BEFORE_START");
  const saved = await db.transaction(async (tx) => {
    let before: ThemeFields | null = null;
    let themeId = id;
    if (themeId === null) {
      [{ id: themeId }] = await tx.insert(seasonalThemes).values(fields).returning({ id: seasonalThemes.id });
    } else {
      const [row] = await tx.select().from(seasonalThemes).where(eq(seasonalThemes.id, themeId)).for("update");
      if (!row) throw new ContentError("THEME_NOT_FOUND");
      before = { name: row.name, brand: row.brand, startsAt: row.startsAt, endsAt: row.endsAt, priority: row.priority };
      await tx.update(seasonalThemes).set(fields).where(eq(seasonalThemes.id, themeId));
    }
    await recordStaffChange(tx, clock, actor, {
      action: before ? "theme.edit" : "theme.add",
      entity: { type: "seasonal_theme", id: themeId },
      before: before && shown(before),
      after: shown(fields),
    });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
    return themeId;
  });
  forgetMemo(db);
  return saved;
}

export async function removeTheme(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new ContentError("NOT_YOUR_ROLE");
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(seasonalThemes).where(eq(seasonalThemes.id, id)).returning();
    if (!row) throw new ContentError("THEME_NOT_FOUND");
    await recordStaffChange(tx, clock, actor, { action: "theme.remove", entity: { type: "seasonal_theme", id }, before: shown(row), after: null });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
  });
  forgetMemo(db);
}
