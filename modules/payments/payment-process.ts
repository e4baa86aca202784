import { defineProcess } from "../states/transition";
import { payments, type PaymentStatus } from "./schema";

/**
 * A payment's life: the gateway's authorization is captured once the order stands, or voided when
 * it does not; a captured payment is refunded in parts or in full.
 */
export const PAYMENT_PROCESS = defineProcess<PaymentStatus>({
  aggregate: "payment",
  table: payments,
  initial: ["authorized"],
  transitions: {
    authorized: ["captured", "voided"],
    captured: ["partially_refunded", "refunded"],
    partially_refunded: ["partially_refunded", "refunded"],
    voided: [],
    refunded: [],
  },
});
