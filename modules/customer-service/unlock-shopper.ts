import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { unlockAndSendPasswordLink } from "../accounts/password-links";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { customerServiceError } from "./errors";
import { staffReason } from "./staff-reason";

/** Customer service unlocks a shopper's account and emails them a password link, with the reason, audited in the same transaction. */
export async function unlockShopper(db: Db, clock: Clock, actor: StaffActor, request: { customerId: number; reason: string; linkOrigin: string }) {
  const reason = staffReason(request.reason);
  return db.transaction(async (tx) => {
    const done = await unlockAndSendPasswordLink(tx, clock, { customerId: request.customerId, linkOrigin: request.linkOrigin });
    if (!done) throw customerServiceError("ACCOUNT_DELETED");
    await recordStaffChange(tx, clock, actor, {
      action: "customer.unlock",
      entity: { type: "customer", id: request.customerId },
      before: { locked: done.wasLocked },
      after: { locked: false, emailed: done.purpose },
      reason,
    });
    return done;
  });
}
