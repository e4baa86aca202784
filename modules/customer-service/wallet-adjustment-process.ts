import { defineProcess } from "../states/transition";
import { type WalletAdjustmentStatus, walletAdjustments } from "./schema";

/** A wallet adjustment is applied at once (up to the threshold, either way) or waits for a lead, who approves or rejects it. */
export const WALLET_ADJUSTMENT_PROCESS = defineProcess<WalletAdjustmentStatus>({
  aggregate: "wallet_adjustment",
  table: walletAdjustments,
  initial: ["approved", "awaiting_approval"],
  transitions: {
    awaiting_approval: ["approved", "rejected"],
    approved: [],
    rejected: [],
  },
});
