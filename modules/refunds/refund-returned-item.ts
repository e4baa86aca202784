import type { Db } from "../../db/client";
import type { Actor } from "../states/transition";
import { refundError } from "./errors";
import { earlierRefund, refundLockedVoucher, type RefundResult, type RefundServices } from "./refund-voucher";

/**
 * Refunds goods the merchant has received back (Returned to the Merchant → Refunded), as the
 * returns flow asks once the merchant confirms receipt: the card part to the payment method,
 * wallet parts to the wallet. No window applies (the return was accepted in time), and the unit is
 * not put back on sale: the merchant decides what to do with returned goods. Repeats answer the
 * first refund.
 */
export async function refundReturnedVoucher(db: Db, services: RefundServices, request: { voucherId: number; actor: Actor; reason?: string }): Promise<RefundResult> {
  return refundLockedVoucher(db, services, { ...request, destination: "original", returnUnit: false }, async (tx, voucher) => {
    if (voucher.status === "REFUNDED") {
      const repeat = await earlierRefund(tx, voucher.id);
      if (repeat) return { repeat };
    }
    if (voucher.status !== "RETURNED_TO_MERCHANT") throw refundError("REFUND_NOT_ALLOWED", { status: voucher.status });
    return { go: voucher };
  });
}
