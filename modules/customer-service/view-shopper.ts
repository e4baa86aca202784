import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { shopperPicture } from "./shopper-picture";

/**
 * A shopper's page as a member of staff opens it. Reading someone's data is itself recorded
 * (privacy law: who looked at whom, and when), in the audit trail like any change.
 */
export async function viewShopper(db: Db, clock: Clock, actor: StaffActor, customerId: number) {
  const picture = await shopperPicture(db, customerId, clock.now());
  if (picture) await recordStaffChange(db, clock, actor, { action: "customer.view", entity: { type: "customer", id: customerId }, before: null, after: null });
  return picture;
}
