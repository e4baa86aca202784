import { defineProcess } from "../states/transition";
import { type VoucherStatus, vouchers } from "./schema";

/**
 * A voucher's life (spec transactions.md §4 voucher status timeline; the moves between the states
 * are ours, see docs/decisions/core-state-machines.md). A voucher is issued Ready to Redeem. The
 * merchant redeems it, or books the stay (travel) and later redeems the booking. Unused, it may be
 * turned into wallet credit, refunded, or expire (an expired voucher can still ask for credit).
 * Goods are returned after delivery (redemption): requested, in transit, back with the merchant,
 * refunded. A declined request puts the voucher back where it was. An order held for fraud review
 * issues its vouchers HELD: approved, they become Ready to Redeem; rejected, Cancelled.
 */
export const VOUCHER_PROCESS = defineProcess<VoucherStatus>({
  aggregate: "voucher",
  table: vouchers,
  initial: ["READY_TO_REDEEM", "HELD"],
  transitions: {
    READY_TO_REDEEM: ["REDEEMED", "BOOKED", "CREDIT_REQUESTED", "REFUNDED", "EXPIRED"],
    BOOKED: ["REDEEMED", "READY_TO_REDEEM", "REFUNDED"],
    REDEEMED: ["RETURN_REQUESTED"],
    CREDIT_REQUESTED: ["REQUEST_PROCESSED", "READY_TO_REDEEM", "EXPIRED"],
    REQUEST_PROCESSED: [],
    RETURN_REQUESTED: ["RETURN_IN_TRANSIT", "REDEEMED"],
    RETURN_IN_TRANSIT: ["RETURNED_TO_MERCHANT"],
    RETURNED_TO_MERCHANT: ["REFUNDED"],
    REFUNDED: [],
    EXPIRED: ["CREDIT_REQUESTED"],
    HELD: ["READY_TO_REDEEM", "CANCELLED"],
    CANCELLED: [],
  },
});
