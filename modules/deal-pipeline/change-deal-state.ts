import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { moveDeal } from "../catalog/deal-lifecycle";
import { type DealStatus, deals } from "../catalog/schema";
import { reindexDeals } from "../search/index-deals";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";
import { dealMove } from "./moves";

export interface DealStateChange {
  dealId: number;
  /** The state the page showed: if it changed meanwhile, nothing is done (STATUS_CHANGED_CONCURRENTLY). */
  from: DealStatus;
  to: DealStatus;
  reason?: string | null;
  /** For `scheduled`. */
  goLiveAt?: Date | null;
}

/**
 * A member of staff moves a deal to another state: checked against their role and the deal's
 * process, written with its history row and an audit row in one transaction; then search is told
 * (a paused or closed deal leaves the results, a live one joins them) and, on commit, every
 * instance drops the cached pages showing it.
 */
export async function changeDealState(db: Db, clock: Clock, actor: StaffActor, change: DealStateChange): Promise<void> {
  const move = dealMove(change.from, change.to);
  if (move && (!actor.role || !hasPermission(actor.role, move.permission))) throw dealPipelineError("NOT_YOUR_ROLE");
  const reason = change.reason?.trim() || null;
  if (move?.reason === "required" && !reason) throw dealPipelineError("REASON_REQUIRED");
  const now = clock.now();
  if (change.to === "scheduled") {
    if (!change.goLiveAt) throw dealPipelineError("GO_LIVE_REQUIRED");
    if (change.goLiveAt <= now) throw dealPipelineError("GO_LIVE_IN_PAST");
  }
  await db.transaction(async (tx) => {
    const [deal] = await tx.select({ id: deals.id, goLiveAt: deals.goLiveAt }).from(deals).where(eq(deals.id, change.dealId)).for("update");
    if (!deal) throw dealPipelineError("DEAL_NOT_FOUND");
    const goLiveAt = change.to === "scheduled" ? change.goLiveAt! : null;
    // An illegal move, or a deal whose state changed since the page was shown, throws here and writes nothing.
    await moveDeal(tx, { dealId: deal.id, from: change.from, to: change.to, actor: { type: "staff", id: String(actor.staffUserId) }, at: now, reason: reason ?? undefined, goLiveAt: goLiveAt ?? undefined });
    await recordStaffChange(tx, clock, actor, { action: `deal.${change.to.replace("_", "-")}`,
        entity: { type: "deal", id: deal.id },
        before: { status: change.from, goLiveAt: deal.goLiveAt?.toISOString() ?? null },
        after: { status: change.to, goLiveAt: goLiveAt?.toISOString() ?? null },
        reason });
  });
  await reindexDeals(db, [change.dealId], clock);
}
