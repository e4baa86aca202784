import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type AuditEntry, recordAudit } from "../audit/record-audit";
import { auditActor, type StaffActor } from "./staff-actor";

/** A staff member's change, audited in its transaction: who (name and role), from where (IP, request), what. */
export async function recordStaffChange(tx: Db, clock: Clock, actor: StaffActor, change: Omit<AuditEntry, "actor" | "ip" | "requestId">): Promise<void> {
  await recordAudit(tx, { ...change, actor: auditActor(actor), ip: actor.ip, requestId: actor.requestId }, clock);
}
