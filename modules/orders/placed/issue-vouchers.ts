import { issueVouchers } from "../../vouchers/issue-vouchers";
import { voucherPaymentShares } from "../voucher-payment-shares";
import { dealLines, isHeld, type OrderPlacedContext, type OrderPlacedStep, orderTimeZone, postsGoods } from "./context";

/**
 * Gift cards are paid by card alone (../../basket/line-rules.ts walletMayPay): the vouchers share what
 * the rest of the order cost, so a voucher's refund returns credit as credit.
 */
function withoutGiftCards(context: OrderPlacedContext) {
  const isGiftCard = ({ written }: OrderPlacedContext["lines"][number]) => written.kind === "gift_card";
  const giftCardTotal = context.lines.filter(isGiftCard).reduce((sum, { entry }) => sum + entry.price.lineTotal, 0);
  return {
    paid: { ...context.order, total: context.order.total - giftCardTotal },
    lineTotals: context.lines.map((line) => (isGiftCard(line) ? 0 : line.entry.price.lineTotal)),
  };
}

export const issueVouchersStep: OrderPlacedStep = {
  name: "issue vouchers",
  async run(context) {
    const deals = dealLines(context);
    const { paid, lineTotals } = withoutGiftCards(context);
    const shares = voucherPaymentShares(paid, lineTotals, deals.map(({ written }) => context.lines.findIndex((line) => line.written === written)), deals.map(({ entry }) => entry.line.quantity));
    const protectedOrder = context.lines.some(({ written }) => written.kind === "addon" && written.addonType === "DVP");
    context.vouchers = await issueVouchers(context.tx, {
      orderId: context.order.id,
      customerId: context.order.customerId,
      currency: context.order.currency,
      at: context.now,
      timeZone: orderTimeZone(context),
      availableAt: new Date(context.now.getTime() + context.voucherReadyMs),
      protected: protectedOrder,
      held: isHeld(context),
      actor: context.actor,
      lines: deals.map(({ entry, product, written }, index) => ({
        orderLineId: written.id,
        dealId: product.deal.id,
        productId: product.id,
        merchantId: product.deal.merchantId,
        physical: postsGoods({ entry, product }),
        quantity: entry.line.quantity,
        dealTitle: product.deal.headline,
        productName: product.friendlyName,
        merchantName: product.deal.merchantName,
        paid: shares[index],
      })),
    });
  },
};
