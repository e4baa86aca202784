import { BRANDS, type BrandId } from "../../../lib/brand";
import { brandSender, greeting, layout } from "../../mail/layout";
import type { OutgoingMail } from "../../mail/outbox";

interface ReviewMailContext {
  brand: BrandId;
  to: string;
  firstName: string;
  orderId: number;
  /** The brand's public origin, for the link to the order. */
  origin: string;
}

function mail(context: ReviewMailContext, subject: string, paragraphs: string[], link: { label: string; path: string }): OutgoingMail {
  const url = `${context.origin}${link.path}`;
  const all = [greeting(context.firstName), ...paragraphs];
  return {
    from: brandSender(context.brand),
    to: context.to,
    subject,
    text: [...all, `${link.label}: ${url}`].join("\n\n"),
    html: layout(context.brand, all, { label: link.label, url }),
  };
}

/** Sent instead of the confirmation when an order is held: no codes yet, and no charge until it is accepted. */
export function orderHeldEmail(context: ReviewMailContext): OutgoingMail {
  return mail(
    context,
    `We're checking your order ${context.orderId}`,
    [
      `Thank you for your order ${context.orderId} with ${BRANDS[context.brand].displayName}. We're checking your order before we release your vouchers, as we do for some orders to keep payments safe.`,
      "Your payment is authorised but not taken while we check. We'll email you again as soon as we're done, usually within one working day.",
    ],
    { label: "See your order", path: `/order-confirmation/${context.orderId}` },
  );
}

/** The order was rejected: nothing was taken, and wallet credit spent on it is back. */
export function orderRejectedEmail(context: ReviewMailContext, walletCreditBack: string | null): OutgoingMail {
  return mail(
    context,
    `We couldn't accept your order ${context.orderId}`,
    [
      `We're sorry: after checking your order ${context.orderId}, we couldn't accept it, and it has been cancelled.`,
      "The payment we authorised has been released, so you have not been charged. Your bank may take a few days to show the money as available again.",
      ...(walletCreditBack ? [`The ${walletCreditBack} of wallet credit you used is back in your wallet.`] : []),
      "If you think this is a mistake, please contact our customer service team.",
    ],
    { label: "See your order", path: `/order-confirmation/${context.orderId}` },
  );
}
