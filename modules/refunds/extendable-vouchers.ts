import type { Db } from "../../db/client";
import { findCustomerOrder } from "../orders/find-orders";
import { vouchersOfOrder } from "../vouchers/read";
import { refundError } from "./errors";
import { optionsOf } from "./voucher-facts";

export interface ExtendableVoucher {
  /** No code: the buyer may have given it away or it may not be ready yet (codeVisibility); My Vouchers shows it to whoever may see it. */
  voucherId: number;
  dealTitle: string;
  productName: string;
  expiresAt: Date;
  /** How many more months it may be extended by (1 to 3). */
  maxMonths: number;
}

/**
 * The vouchers of one of the customer's orders that can be extended now (spec §7 GET
 * /v1/voucher/vve). Another customer's order is not found; an order with none is the spec's
 * 'this order has no vouchers eligible for extension'.
 */
export async function extendableVouchers(db: Db, customerId: number, orderId: number, now: Date): Promise<ExtendableVoucher[]> {
  if (!(await findCustomerOrder(db, customerId, orderId))) throw refundError("ORDER_NOT_FOUND");
  const rows = await vouchersOfOrder(db, orderId);
  const extendable: ExtendableVoucher[] = [];
  for (const voucher of rows) {
    const option = (await optionsOf(db, voucher, now, customerId)).extend;
    if (option.allowed) {
      extendable.push({ voucherId: voucher.id, dealTitle: voucher.dealTitle, productName: voucher.productName, expiresAt: voucher.expiresAt, maxMonths: option.maxMonths });
    }
  }
  if (extendable.length === 0) throw refundError("NO_VOUCHERS_TO_EXTEND");
  return extendable;
}
