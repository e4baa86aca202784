import type { Db } from "../../db/client";
import { type DecidedReview, decideOrderReview, type ReviewDecision } from "../orders/review/decide-review";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import type { Clock } from "../../lib/clock";
import type { Actor } from "../states/transition";
import { fraudReviewError } from "./errors";

export const REVIEW_REASON_LIMIT = 500;

/** The reason a reviewer gives: required, kept in the audit trail and the order's history. */
export function reviewReason(text: string): string {
  const reason = text.trim();
  if (!reason) throw fraudReviewError("REASON_REQUIRED");
  if (reason.length > REVIEW_REASON_LIMIT) throw fraudReviewError("REASON_TOO_LONG");
  return reason;
}

/** The reviewer as the status histories name them. */
export const reviewerActor = (actor: StaffActor): Actor => ({ type: "staff", id: actor.staffUserId === null ? null : String(actor.staffUserId) });

/**
 * The decision itself, in the caller's transaction: the review moves (only a held one, under its
 * lock) and the audit row is written beside it. A second press of the same decision is told it is
 * already decided and moves nothing.
 */
export async function recordDecision(
  tx: Db,
  clock: Clock,
  actor: StaffActor,
  decision: { orderId: number; to: ReviewDecision; reason: string },
): Promise<Extract<DecidedReview, { decided: true }>["order"]> {
  const at = clock.now();
  const decided = await decideOrderReview(tx, { ...decision, staffId: actor.staffUserId, staffName: actor.name, actor: reviewerActor(actor), at });
  if (!decided.decided) throw fraudReviewError(decided.status === null ? "NOT_HELD" : "ALREADY_DECIDED");
  await recordStaffChange(tx, clock, actor, {
    action: decision.to === "APPROVED" ? "order.review-approve" : "order.review-reject",
    entity: { type: "order", id: decision.orderId },
    before: { review: "HELD" },
    after: { review: decision.to },
    reason: decision.reason,
  });
  return decided.order;
}
