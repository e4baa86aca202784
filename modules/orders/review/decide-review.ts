import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type Actor, transition } from "../../states/transition";
import { ORDER_PROCESS } from "../order-process";
import { orderReviews, orders, type OrderReviewStatus } from "../schema";
import { ORDER_REVIEW_PROCESS } from "./order-review-process";

export type ReviewDecision = "APPROVED" | "REJECTED";

export type DecidedReview =
  | { decided: true; order: typeof orders.$inferSelect }
  /** Not held (never, or decided already: `status` says how); nothing moved. */
  | { decided: false; status: OrderReviewStatus | null };

/**
 * Records a reviewer's decision on a held order, under the review's row lock, in the caller's
 * transaction: only a held review moves, so a double press or a second reviewer decides nothing
 * twice. A rejection cancels the order. What else follows (vouchers, payment) is the caller's.
 */
export async function decideOrderReview(
  tx: Db,
  decision: { orderId: number; to: ReviewDecision; staffId: number | null; staffName: string; reason: string; actor: Actor; at: Date },
): Promise<DecidedReview> {
  const [review] = await tx.select().from(orderReviews).where(eq(orderReviews.orderId, decision.orderId)).for("update");
  if (!review || review.status !== "HELD") return { decided: false, status: review?.status ?? null };
  await transition(tx, ORDER_REVIEW_PROCESS, {
    id: review.id,
    from: "HELD",
    to: decision.to,
    actor: decision.actor,
    at: decision.at,
    reason: decision.reason,
    set: { decidedAt: decision.at, decidedByStaffId: decision.staffId, decidedByName: decision.staffName, reason: decision.reason },
    data: { orderId: decision.orderId },
  });
  const [order] = await tx.select().from(orders).where(eq(orders.id, decision.orderId)).for("update");
  if (decision.to === "REJECTED") {
    await transition(tx, ORDER_PROCESS, {
      id: order.id,
      from: order.status,
      to: "CANCELLED",
      actor: decision.actor,
      at: decision.at,
      reason: decision.reason,
      data: { review: "REJECTED" },
    });
  }
  return { decided: true, order };
}
