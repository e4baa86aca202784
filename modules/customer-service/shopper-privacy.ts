import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { erasePersonalData } from "../privacy/erase-personal-data";
import { subjectAccessExport } from "../privacy/subject-access";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { customerServiceError } from "./errors";
import { staffReason } from "./staff-reason";

/** A subject access request answered by staff: the whole file, its download audited. */
export async function exportShopper(db: Db, clock: Clock, actor: StaffActor, customerId: number) {
  const file = await subjectAccessExport(db, customerId, clock.now());
  if (file) await recordStaffChange(db, clock, actor, { action: "customer.export", entity: { type: "customer", id: customerId }, before: null, after: null });
  return file;
}

/**
 * A shopper's erasure started by staff (they asked by phone or letter): the same erasure as their
 * own "Delete my account", with the reason, audited in the same transaction.
 */
export async function eraseShopper(db: Db, clock: Clock, actor: StaffActor, request: { customerId: number; reason: string; confirmed: boolean }): Promise<void> {
  const reason = staffReason(request.reason);
  if (!request.confirmed) throw customerServiceError("ERASE_NOT_CONFIRMED");
  await db.transaction(async (tx) => {
    try {
      await erasePersonalData(tx, clock, request.customerId);
    } catch (error) {
      // The account is already deleted (or never existed): nothing personal is left to erase.
      if ((error as { code?: string }).code === "NOT_SIGNED_IN") throw customerServiceError("ACCOUNT_DELETED");
      throw error;
    }
    await recordStaffChange(tx, clock, actor, {
      action: "customer.erase",
      entity: { type: "customer", id: request.customerId },
      before: { status: "active" },
      after: { status: "deleted" },
      reason,
    });
  });
}
