/**
 * The back office's countdown bars: a site's bar above the header (label, optional link, window),
 * added, changed and removed. A bar counts down to its real end and is shown only inside its
 * window, so the urgency shoppers see is true (docs/decisions/admin-marketing.md). Each change is
 * audited in its transaction and announced as a change of the shop's shell.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { shopShellCacheTag } from "../../lib/cache-tags";
import type { Clock } from "../../lib/clock";
import { forgetMemo } from "../../lib/memo";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { ContentError } from "./errors";
import { countdownBanners } from "./schema";

export interface CountdownFields {
  brand: string;
  label: string;
  /** A page of the site ("/deals/london/black-friday"), or null for a bar without a link. */
  link: string | null;
  startsAt: Date;
  endsAt: Date;
}

const shown = (fields: CountdownFields) => ({ ...fields, startsAt: fields.startsAt.toISOString(), endsAt: fields.endsAt.toISOString() });

/** Every site's bars, by site, latest first. */
export async function listCountdownsForStaff(db: Db) {
  return db.select().from(countdownBanners).orderBy(asc(countdownBanners.brand), desc(countdownBanners.startsAt));
}

function mayEdit(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "content.edit")) throw new ContentError("NOT_YOUR_ROLE");
}

/** Adds a bar (no id) or changes one; refused when its window ends before it starts or is already over. */
export async function saveCountdown(db: Db, clock: Clock, actor: StaffActor, id: number | null, fields: CountdownFields): Promise<number> {
  mayEdit(actor);
  if (fields.endsAt <= fields.startsAt) throw new ContentError("THEME_ENDS_BEFORE_START");
  if (fields.endsAt <= clock.now()) throw new ContentError("COUNTDOWN_ALREADY_OVER");
  const saved = await db.transaction(async (tx) => {
    let before: CountdownFields | null = null;
    let countdownId = id;
    if (countdownId === null) {
      [{ id: countdownId }] = await tx.insert(countdownBanners).values(fields).returning({ id: countdownBanners.id });
    } else {
      const [row] = await tx.select().from(countdownBanners).where(eq(countdownBanners.id, countdownId)).for("update");
      if (!row) throw new ContentError("THEME_NOT_FOUND");
      before = { brand: row.brand, label: row.label, link: row.link, startsAt: row.startsAt, endsAt: row.endsAt };
      await tx.update(countdownBanners).set(fields).where(eq(countdownBanners.id, countdownId));
    }
    await recordStaffChange(tx, clock, actor, {
      action: before ? "countdown.edit" : "countdown.add",
      entity: { type: "countdown_banner", id: countdownId },
      before: before && shown(before),
      after: shown(fields),
    });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
    return countdownId;
  });
  forgetMemo(db);
  return saved;
}

export async function removeCountdown(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  mayEdit(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(countdownBanners).where(eq(countdownBanners.id, id)).returning();
    if (!row) throw new ContentError("THEME_NOT_FOUND");
    await recordStaffChange(tx, clock, actor, { action: "countdown.remove", entity: { type: "countdown_banner", id }, before: shown(row), after: null });
    await announceCacheChanges(tx, [shopShellCacheTag()]);
  });
  forgetMemo(db);
}
