import { splitProportionally } from "../../lib/money";
import type { VoucherPaid } from "../vouchers/issue-vouchers";

interface PaidOrder {
  /** Charged to the payment method. */
  total: number;
  walletRefundableUsed: number;
  walletMarketingUsed: number;
}

/**
 * What each voucher of an order cost, by how it was paid: the most a refund can give back and
 * where each part goes. The order's whole payment (after any discount) is split over its lines by
 * their totals (add-ons take their share and keep it), each deal line's share over its units, and
 * each unit's share over card, refundable and marketing credit like the order's payment. Exact:
 * the parts of all vouchers and add-ons sum to what was paid, so refunds can never exceed it.
 *
 * @param lineTotals every line's total, in order
 * @param dealLineIndexes for each deal line (vouchers), its index in `lineTotals`
 * @param quantities for each deal line, its units
 * @returns for each deal line, one share per unit
 */
export function voucherPaymentShares(
  order: PaidOrder,
  lineTotals: readonly number[],
  dealLineIndexes: readonly number[],
  quantities: readonly number[],
): VoucherPaid[][] {
  const paid = order.total + order.walletRefundableUsed + order.walletMarketingUsed;
  const byLine = splitProportionally(paid, lineTotals);
  const units = dealLineIndexes.flatMap((lineIndex, dealIndex) => splitProportionally(byLine[lineIndex], Array(quantities[dealIndex]).fill(1)));
  // Each source is spread over the units by their shares, exactly, then each unit takes its parts.
  const sources = [order.total, order.walletRefundableUsed, order.walletMarketingUsed];
  const unitTotal = units.reduce((a, b) => a + b, 0);
  const sourceTotals = splitProportionally(unitTotal, sources);
  const bySource = sourceTotals.map((sourceTotal) => splitProportionally(sourceTotal, units));
  const flat = units.map((_, unit) => ({ card: bySource[0][unit], refundableCredit: bySource[1][unit], marketingCredit: bySource[2][unit] }));
  const shares: VoucherPaid[][] = [];
  let next = 0;
  for (const quantity of quantities) {
    shares.push(flat.slice(next, next + quantity));
    next += quantity;
  }
  return shares;
}
