import { defineProcess } from "../states/transition";
import { type PayoutStatus, payouts } from "./schema";

/**
 * A run drafts a payout (or carries a negative one forward); finance approves it, the bank file
 * takes it and finance marks it paid, or marks it failed when the bank returns it and retries it
 * into the next bank file.
 */
export const PAYOUT_PROCESS = defineProcess<PayoutStatus>({
  aggregate: "payout",
  table: payouts,
  initial: ["draft", "carried_forward"],
  transitions: {
    draft: ["approved"],
    approved: ["paid", "failed"],
    failed: ["approved"],
    paid: [],
    carried_forward: [],
  },
});
