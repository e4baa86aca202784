import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type DealCopy, updateDealCopy } from "../catalog/admin-deals";
import { announceDealChanges } from "../catalog/deal-changes";
import { reindexDeals } from "../search/index-deals";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";

/**
 * An editor changes a deal's headline, title, description or fine print: written with an audit row
 * of what changed in one transaction, every instance told to drop the cached pages showing it (on
 * commit), then search reindexed, so shoppers read the new words on their next request.
 */
export async function editDealCopy(db: Db, clock: Clock, actor: StaffActor, dealId: number, copy: DealCopy): Promise<void> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  await db.transaction(async (tx) => {
    const before = await updateDealCopy(tx, dealId, copy, clock.now());
    if (!before) throw dealPipelineError("DEAL_NOT_FOUND");
    await recordStaffChange(tx, clock, actor, { action: "deal.copy-edit", entity: { type: "deal", id: dealId }, before: { ...before }, after: { ...copy } });
    await announceDealChanges(tx, [dealId]);
  });
  await reindexDeals(db, [dealId], clock);
}
