import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DomainError } from "../../lib/errors";
import { type Actor, defineProcess, transition } from "../states/transition";
import { announceDealChanges } from "./deal-changes";
import { type DealStatus, deals } from "./schema";

/**
 * A deal's way through the staff pipeline (docs/decisions/deal-lifecycle.md): built as a draft,
 * sent for review, sent back to draft with comments or approved, scheduled for a go-live time
 * (or taken live at once), paused and resumed, and closed for good.
 */
export const DEAL_PROCESS = defineProcess<DealStatus>({
  aggregate: "deal",
  table: deals,
  initial: ["draft"],
  transitions: {
    draft: ["in_review"],
    in_review: ["draft", "approved"],
    approved: ["scheduled", "live", "draft"],
    scheduled: ["live", "approved"],
    live: ["paused", "closed"],
    paused: ["live", "closed"],
    closed: [],
  },
});

/** What shoppers may do with a deal in each state: see it (`published`) and buy it (`open`). */
const STOREFRONT_FLAGS: Record<DealStatus, { published: boolean; open: boolean }> = {
  draft: { published: false, open: true },
  in_review: { published: false, open: true },
  approved: { published: false, open: true },
  scheduled: { published: false, open: true },
  live: { published: true, open: true },
  paused: { published: false, open: true },
  closed: { published: true, open: false },
};

export interface DealMove {
  dealId: number;
  from: DealStatus;
  to: DealStatus;
  actor: Actor;
  at: Date;
  /** Review comments when sent back to draft; the reason for a pause or close. */
  reason?: string;
  /** For `scheduled`: when it goes live. */
  goLiveAt?: Date;
}

/**
 * Moves a deal to another state with its history row, sets what shoppers may do with it, and
 * tells every instance to drop the cached pages that show it (delivered on commit).
 */
export async function moveDeal(db: Db, move: DealMove): Promise<void> {
  await db.transaction(async (tx) => {
    await transition(tx, DEAL_PROCESS, {
      id: move.dealId,
      from: move.from,
      to: move.to,
      actor: move.actor,
      at: move.at,
      reason: move.reason,
      data: move.goLiveAt ? { goLiveAt: move.goLiveAt.toISOString() } : undefined,
      set: { ...STOREFRONT_FLAGS[move.to], goLiveAt: move.to === "scheduled" ? (move.goLiveAt ?? null) : null, updatedAt: move.at },
    });
    await announceDealChanges(tx, [move.dealId]);
  });
}

/** How many scheduled deals one run takes live (the rest wait for the next minute's run). */
const GO_LIVE_BATCH = 500;

/** The go-live job: every scheduled deal whose time has come goes live, oldest first; answers their ids. */
export async function takeDueDealsLive(db: Db, now: Date): Promise<number[]> {
  const due = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.status, "scheduled"), lte(deals.goLiveAt, now)))
    .orderBy(asc(deals.goLiveAt), asc(deals.id))
    .limit(GO_LIVE_BATCH);
  const moved: number[] = [];
  for (const { id } of due) {
    try {
      await moveDeal(db, { dealId: id, from: "scheduled", to: "live", actor: { type: "system", id: "deals.go-live" }, at: now });
      moved.push(id);
    } catch (error) {
      // Unscheduled by staff between the read and the move: nothing to do for it.
      if (!(error instanceof DomainError && error.code === "STATUS_CHANGED_CONCURRENTLY")) throw error;
    }
  }
  return moved;
}
