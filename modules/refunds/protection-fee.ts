import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { endOfMarketDaysAfter } from "../../lib/market-time";
import { splitProportionally } from "../../lib/money";
import { orderLines, orders } from "../orders/schema";
import { vouchers } from "../vouchers/schema";
import { REFUND_WINDOW_DAYS } from "./after-sale-options";
import { type VoucherRefundKind, voucherRefunds } from "./schema";
import { type VoucherRow, voucherTimeZone } from "./voucher-facts";

/** What a voucher (or an add-on's share) was paid with, by source: what a refund gives back. */
export type PaidParts = Pick<VoucherRow, "paidCard" | "paidRefundableCredit" | "paidMarketingCredit">;

const NOTHING: PaidParts = { paidCard: 0, paidRefundableCredit: 0, paidMarketingCredit: 0 };

/** Whether a refund at `at` falls within the voucher's statutory 14 days (the no-quibble window). */
function inStatutoryWindow(voucher: Pick<VoucherRow, "availableAt" | "currency">, at: Date): boolean {
  return at < endOfMarketDaysAfter(voucher.availableAt, REFUND_WINDOW_DAYS, voucherTimeZone(voucher.currency));
}

/**
 * The Deal Protection fee a refund gives back with its voucher (docs/decisions/after-sale-refunds.md):
 * when this refund, within the statutory 14 days, cancels the last voucher of a protected order
 * whose other vouchers were all refunded within theirs, the order is cancelled whole and the fee's
 * share of what was paid goes back too, by the sources it was paid with. Otherwise nothing.
 *
 * The share is what the order's payment left after its vouchers' parts (gift cards aside), split
 * over the lines without vouchers (add-ons, wrap, packs) by their totals: exact, so the refunds of
 * an order never add up to more than it paid. The refund action asks under the order's row lock,
 * so of two racing refunds only the later finds every other voucher refunded; the refund page asks
 * the same to show the amount before the shopper confirms.
 */
export async function protectionFeeBack(db: Db, voucher: VoucherRow, refund: { kind: VoucherRefundKind; at: Date }): Promise<PaidParts> {
  if (refund.kind !== "refund" || !voucher.protected || !inStatutoryWindow(voucher, refund.at)) return NOTHING;
  const siblings = await db
    .select({
      id: vouchers.id,
      orderLineId: vouchers.orderLineId,
      availableAt: vouchers.availableAt,
      currency: vouchers.currency,
      paidCard: vouchers.paidCard,
      paidRefundableCredit: vouchers.paidRefundableCredit,
      paidMarketingCredit: vouchers.paidMarketingCredit,
      refundKind: voucherRefunds.kind,
      refundedAt: voucherRefunds.createdAt,
    })
    .from(vouchers)
    .leftJoin(voucherRefunds, eq(voucherRefunds.voucherId, vouchers.id))
    .where(eq(vouchers.orderId, voucher.orderId));
  const cancelledWhole = siblings.every(
    (sibling) => sibling.id === voucher.id || (sibling.refundKind === "refund" && sibling.refundedAt !== null && inStatutoryWindow(sibling, sibling.refundedAt)),
  );
  if (!cancelledWhole) return NOTHING;

  const [[order], lines] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, voucher.orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, voucher.orderId)).orderBy(orderLines.id),
  ]);
  const withVouchers = new Set(siblings.map((sibling) => sibling.orderLineId));
  const giftCards = lines.filter((line) => line.kind === "gift_card").reduce((sum, line) => sum + line.lineTotal, 0);
  const others = lines.filter((line) => line.kind !== "gift_card" && !withVouchers.has(line.id));
  const fee = others.findIndex((line) => line.kind === "addon" && line.addonType === "DVP");
  if (fee < 0) return NOTHING;
  const sum = (pick: (parts: PaidParts) => number) => siblings.reduce((total, sibling) => total + pick(sibling), 0);
  const leftOver = {
    paidCard: order.total - giftCards - sum((parts) => parts.paidCard),
    paidRefundableCredit: order.walletRefundableUsed - sum((parts) => parts.paidRefundableCredit),
    paidMarketingCredit: order.walletMarketingUsed - sum((parts) => parts.paidMarketingCredit),
  };
  const share = (amount: number) => splitProportionally(Math.max(0, amount), others.map((line) => line.lineTotal))[fee];
  return { paidCard: share(leftOver.paidCard), paidRefundableCredit: share(leftOver.paidRefundableCredit), paidMarketingCredit: share(leftOver.paidMarketingCredit) };
}

/** A voucher's paid parts with the fee given back beside them. */
export function withFee(voucher: PaidParts, fee: PaidParts): PaidParts {
  return {
    paidCard: voucher.paidCard + fee.paidCard,
    paidRefundableCredit: voucher.paidRefundableCredit + fee.paidRefundableCredit,
    paidMarketingCredit: voucher.paidMarketingCredit + fee.paidMarketingCredit,
  };
}

/** The whole fee given back. */
export const feeTotal = (fee: PaidParts) => fee.paidCard + fee.paidRefundableCredit + fee.paidMarketingCredit;
