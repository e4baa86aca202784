import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { insertPreviewToken } from "../catalog/previews";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";

/** How long a preview link opens the deal: a week, time for a merchant to read and answer. */
export const PREVIEW_LINK_DAYS = 7;

/**
 * Staff who build deals make a link that shows a deal as shoppers will see it before it is live
 * (/deal-preview/{token}), to check it or send it to the merchant. The token is 32 random bytes;
 * the audit row records that a link was made and until when, never the token itself (it opens the page).
 */
export async function makePreviewLink(db: Db, clock: Clock, actor: StaffActor, dealId: number): Promise<{ token: string; expiresAt: Date }> {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(clock.now().getTime() + PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    if (!(await insertPreviewToken(tx, dealId, token, expiresAt))) throw dealPipelineError("DEAL_NOT_FOUND");
    await recordStaffChange(tx, clock, actor, { action: "deal.preview-link", entity: { type: "deal", id: dealId }, before: null, after: { expiresAt: expiresAt.toISOString() } });
  });
  return { token, expiresAt };
}
