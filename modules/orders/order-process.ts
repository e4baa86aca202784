import { defineProcess } from "../states/transition";
import { orders, type OrderStatus } from "./schema";

/**
 * An order's life (docs/decisions/core-state-machines.md): it exists once paid for, so it starts
 * PLACED; refunds of some or all of its vouchers move it on, and fraud review's rejection of a held
 * order cancels it (./review). Fulfilment lives on the vouchers.
 */
export const ORDER_PROCESS = defineProcess<OrderStatus>({
  aggregate: "order",
  table: orders,
  initial: ["PLACED"],
  transitions: {
    PLACED: ["PARTIALLY_REFUNDED", "REFUNDED", "CANCELLED"],
    PARTIALLY_REFUNDED: ["PARTIALLY_REFUNDED", "REFUNDED"],
    REFUNDED: [],
    CANCELLED: [],
  },
});
