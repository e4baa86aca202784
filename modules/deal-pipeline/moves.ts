import type { DealStatus } from "../catalog/schema";
import { DEAL_PROCESS } from "../catalog/deal-lifecycle";
import type { Permission } from "../staff/permissions";

/** A state change staff can make on a deal: what the button says, who may press it, whether a reason is asked for. */
export interface DealMoveKind {
  to: DealStatus;
  label: string;
  permission: Permission;
  reason: "required" | "optional";
}

/**
 * The moves of DEAL_PROCESS as staff see them, keyed "from>to". Building and sending for review is
 * editing; approving, scheduling, taking live, pausing and closing is the deal managers' call.
 */
const MOVES: Record<string, Omit<DealMoveKind, "to">> = {
  "draft>in_review": { label: "Send for review", permission: "deals.edit", reason: "optional" },
  "in_review>draft": { label: "Send back to draft", permission: "deals.approve", reason: "required" },
  "in_review>approved": { label: "Approve", permission: "deals.approve", reason: "optional" },
  "approved>scheduled": { label: "Schedule", permission: "deals.approve", reason: "optional" },
  "approved>live": { label: "Go live now", permission: "deals.approve", reason: "optional" },
  "approved>draft": { label: "Back to draft", permission: "deals.edit", reason: "required" },
  "scheduled>live": { label: "Go live now", permission: "deals.approve", reason: "optional" },
  "scheduled>approved": { label: "Unschedule", permission: "deals.approve", reason: "optional" },
  "live>paused": { label: "Pause", permission: "deals.approve", reason: "required" },
  "live>closed": { label: "Close for good", permission: "deals.approve", reason: "required" },
  "paused>live": { label: "Resume", permission: "deals.approve", reason: "optional" },
  "paused>closed": { label: "Close for good", permission: "deals.approve", reason: "required" },
};

/** The moves open from a state, in the process's order. */
export function movesFrom(status: DealStatus): DealMoveKind[] {
  return DEAL_PROCESS.transitions[status].map((to) => ({ to, ...MOVES[`${status}>${to}`] }));
}

export function dealMove(from: DealStatus, to: DealStatus): DealMoveKind | null {
  const move = MOVES[`${from}>${to}`];
  return move ? { to, ...move } : null;
}
