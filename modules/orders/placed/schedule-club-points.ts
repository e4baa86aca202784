import { schedulePurchasePoints } from "../../loyalty/credit-purchase-points";
import type { OrderPlacedStep } from "./context";

/** Club points for the vouchers 30 days on, unless given back by then: a job queued with the order. */
export const scheduleClubPointsStep: OrderPlacedStep = {
  name: "schedule Club points",
  async run({ tx, order, now, clock, vouchers }) {
    if (vouchers.length > 0) await schedulePurchasePoints(tx, { orderId: order.id, at: now, clock });
  },
};
