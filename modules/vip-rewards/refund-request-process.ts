import { defineProcess } from "../states/transition";
import { type VipRefundRequestStatus, vipRefundRequests } from "./schema";

/**
 * A VIP cash-refund request's life (docs/decisions/vip-refund-form.md):
 * - INVITED: the emailed invitation (a hashed, expiring token); the shopper has not answered yet.
 * - REQUESTED: the shopper chose on the form (cash refund, extra 20% credit, or stay VIP).
 * - PROCESSED: the job (or staff) carried the choice out: money back, credit added or the choice
 *   recorded; the membership ended where money went back.
 * - DECLINED: staff withdrew the invitation or turned the request down, or nothing was left to refund.
 * History (who, when, why, what was paid back) is in status_events.
 */
export const VIP_REFUND_PROCESS = defineProcess<VipRefundRequestStatus>({
  aggregate: "vip_refund_request",
  table: vipRefundRequests,
  initial: ["INVITED"],
  transitions: {
    INVITED: ["REQUESTED", "DECLINED"],
    REQUESTED: ["PROCESSED", "DECLINED"],
    PROCESSED: [],
    DECLINED: [],
  },
});
