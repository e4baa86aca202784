import { defineProcess } from "../states/transition";
import { type GoodwillStatus, goodwillCredits } from "./schema";

/** A goodwill credit is approved at once (up to the threshold) or waits for a lead, who approves or rejects it. */
export const GOODWILL_PROCESS = defineProcess<GoodwillStatus>({
  aggregate: "goodwill_credit",
  table: goodwillCredits,
  initial: ["approved", "awaiting_approval"],
  transitions: {
    awaiting_approval: ["approved", "rejected"],
    approved: [],
    rejected: [],
  },
});
