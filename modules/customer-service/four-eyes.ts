import type { Db } from "../../db/client";
import type { StaffActor } from "../staff/staff-actor";
import { type Process, transition } from "../states/transition";
import { customerServiceError } from "./errors";

/** The states of a request a lead decides on (goodwill credit, wallet adjustment). */
export type DecisionStatus = "awaiting_approval" | "approved" | "rejected";

/** Staff as the actor of a status change (a voucher's history, a credit's). */
export const staffActorOf = (actor: StaffActor) => ({ type: "staff" as const, id: actor.staffUserId === null ? null : String(actor.staffUserId) });

interface AwaitingRow {
  id: number;
  status: DecisionStatus;
  requestedByStaffId: number | null;
  decidedByStaffId: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
}

/**
 * A lead's decision on a request locked by the caller (four eyes): still awaiting, never the
 * lead's own request; moves it to approved or rejected with its history row and the lead's note.
 * Answers the row as decided; the caller applies an approval in the same transaction.
 */
export async function decideAwaiting<Row extends AwaitingRow>(
  tx: Db,
  process: Process<DecisionStatus>,
  row: Row,
  lead: StaffActor,
  decision: { approve: boolean; note: string; at: Date; alreadyDecided: "GOODWILL_DECIDED" | "ADJUSTMENT_DECIDED" },
): Promise<Row> {
  if (row.status !== "awaiting_approval") throw customerServiceError(decision.alreadyDecided);
  if (row.requestedByStaffId !== null && row.requestedByStaffId === lead.staffUserId) throw customerServiceError("FOUR_EYES");
  const to = decision.approve ? "approved" : "rejected";
  const set = { decidedByStaffId: lead.staffUserId, decidedByName: lead.name, decidedAt: decision.at };
  await transition(tx, process, { id: row.id, from: "awaiting_approval", to, actor: staffActorOf(lead), at: decision.at, reason: decision.note, set });
  return { ...row, status: to, ...set };
}
