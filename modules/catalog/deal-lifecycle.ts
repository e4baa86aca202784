import { and, asc, inArray, lte } from "drizzle-orm";
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
    // Joining or leaving the shop changes the market's listings, which carry no tag of this deal yet.
    const before = STOREFRONT_FLAGS[move.from];
    const after = STOREFRONT_FLAGS[move.to];
    const listings = before.published !== after.published || before.open !== after.open;
    await announceDealChanges(tx, [move.dealId], { listings });
  });
}

/** How many deals one run moves (the rest wait for the next minute's run). */
const DUE_BATCH = 500;

/**
 * What the clock does to deals: a scheduled deal goes live at its go-live time, and a live or
 * paused deal closes at its closing time (shoppers could not buy it after that time already; the
 * pipeline now says so too, and it leaves the listings that minute).
 */
const DUE_MOVES = {
  "deals.go-live": { from: ["scheduled"], to: "live", due: deals.goLiveAt },
  "deals.close": { from: ["live", "paused"], to: "closed", due: deals.closingDate },
} as const satisfies Record<string, { from: readonly DealStatus[]; to: DealStatus; due: typeof deals.goLiveAt | typeof deals.closingDate }>;

export type DueDealMove = keyof typeof DUE_MOVES;

/** Carries out one of the clock's moves for every deal whose time has come, oldest first; answers their ids. */
export async function takeDueDeals(db: Db, job: DueDealMove, now: Date): Promise<number[]> {
  const { from, to, due } = DUE_MOVES[job];
  const rows = await db
    .select({ id: deals.id, status: deals.status })
    .from(deals)
    .where(and(inArray(deals.status, [...from]), lte(due, now)))
    .orderBy(asc(due), asc(deals.id))
    .limit(DUE_BATCH);
  const moved: number[] = [];
  for (const { id, status } of rows) {
    try {
      await moveDeal(db, { dealId: id, from: status, to, actor: { type: "system", id: job }, at: now });
      moved.push(id);
    } catch (error) {
      // Moved by staff between the read and the move: nothing to do for it.
      if (!(error instanceof DomainError && error.code === "STATUS_CHANGED_CONCURRENTLY")) throw error;
    }
  }
  return moved;
}
