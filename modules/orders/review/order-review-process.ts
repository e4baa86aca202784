import { defineProcess } from "../../states/transition";
import { type OrderReviewStatus, orderReviews } from "../schema";

/** A held order's review (docs/decisions/fraud-review.md): held at placement, then approved or rejected, once. */
export const ORDER_REVIEW_PROCESS = defineProcess<OrderReviewStatus>({
  aggregate: "order_review",
  table: orderReviews,
  initial: ["HELD"],
  transitions: {
    HELD: ["APPROVED", "REJECTED"],
    APPROVED: [],
    REJECTED: [],
  },
});
