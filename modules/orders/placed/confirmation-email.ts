import { extraLineTitle } from "../../basket/line-pricing";
import { enqueue } from "../../mail/outbox";
import { visibleCode } from "../../vouchers/code-visibility";
import { voucherExpiry } from "../../vouchers/issue-vouchers";
import { orderConfirmationEmail } from "../confirmation-email";
import { placedOrderOf } from "../find-orders";
import { isHeld, type OrderPlacedStep, orderTimeZone } from "./context";

/** Queued in the same transaction: the email exists if and only if the order does. A held order's comes on approval. */
export const confirmationEmailStep: OrderPlacedStep = {
  name: "confirmation email",
  async run(context) {
    if (isHeld(context)) return;
    const issued = { customerId: context.order.customerId, holderCustomerId: null, availableAt: new Date(context.now.getTime() + context.voucherReadyMs), status: "READY_TO_REDEEM" } as const;
    await enqueue(
      context.tx,
      orderConfirmationEmail({
        brand: context.brand,
        firstName: context.firstName.trim(),
        order: placedOrderOf(context.order),
        vouchersExpireAt: voucherExpiry(context.now, orderTimeZone(context)),
        vouchersReadyAt: issued.availableAt,
        sentAt: context.now,
        origin: context.linkOrigin,
        items: context.lines.map(({ entry: { line, product, price }, written }) => ({
          title: product ? `${product.deal.headline} (${product.friendlyName})` : extraLineTitle(line, context.order.currency),
          quantity: line.quantity,
          lineTotal: price.lineTotal,
          giftedTo: written.gifting?.type === "E_GIFT" ? (written.gifting.recipientName ?? null) : null,
          // Only the codes the buyer may see now (codeVisibility): an E-gift's are the recipient's, and none before available_at.
          voucherCodes: context.vouchers
            .filter((voucher) => voucher.orderLineId === written.id)
            .map((voucher) => visibleCode({ ...voucher, ...issued, gift: written.gifting?.type === "E_GIFT" ? "SENT" : null }, context.order.customerId, context.now))
            .filter((code): code is string => code !== null),
        })),
      }),
      context.clock,
    );
  },
};
