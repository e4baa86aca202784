import { BRANDS, type BrandId } from "../../lib/brand";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, escapeHtml } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/**
 * Who the email goes to and what it is about: the order's address and the voucher's deal. Never
 * the voucher's code: the buyer may have given it away or it may not be ready yet, and My Vouchers
 * shows it to whoever may see it (docs/decisions/vouchers-code-visibility.md).
 */
export interface AfterSaleMailContext {
  brand: BrandId;
  to: string;
  currency: Currency;
  dealTitle: string;
  /** The brand's public origin for the link back to My Vouchers or the wallet. */
  origin: string;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

function mail(context: AfterSaleMailContext, subject: string, paragraphs: string[], link: { label: string; path: string }): OutgoingMail {
  const brand = BRANDS[context.brand];
  const url = `${context.origin}${link.path}`;
  const text = ["Hi,", ...paragraphs, `${link.label}: ${url}`].join("\n\n");
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    ...["Hi,", ...paragraphs].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(url)}" style="font-weight: bold">${escapeHtml(link.label)}</a></p>`,
    `</div>`,
  ].join("\n");
  return { from: brandSender(context.brand), to: context.to, subject, text, html };
}

const about = (context: AfterSaleMailContext) => `your voucher for ${context.dealTitle}`;

/** A refund is confirmed: what goes back to the card (on its way) and what is in the wallet (there now). */
export function refundEmail(context: AfterSaleMailContext, refund: { cardAmount: number; cardLabel: string | null; walletCredit: number; protectionFee: number }): OutgoingMail {
  const money = (amount: number) => formatMoney(amount, context.currency);
  const parts = [
    refund.cardAmount > 0 ? `${money(refund.cardAmount)} is on its way back to your ${refund.cardLabel}. Refunds usually reach your account within 3 to 5 working days.` : null,
    refund.walletCredit > 0 ? `${money(refund.walletCredit)} has been added to your wallet as credit, ready to spend now.` : null,
    refund.protectionFee > 0 ? `Your whole order was cancelled within 14 days, so this includes the ${money(refund.protectionFee)} Deal Protection fee.` : null,
  ].filter((part): part is string => part !== null);
  return mail(context, "Your refund is confirmed", [`We have refunded ${about(context)}.`, ...parts], { label: "See your vouchers", path: "/myaccount/vouchers" });
}

/** The shopper asked to exchange a voucher for wallet credit. */
export function creditRequestedEmail(context: AfterSaleMailContext, amount: number): OutgoingMail {
  return mail(
    context,
    "We have your request for wallet credit",
    [`You asked to exchange ${about(context)} for ${formatMoney(amount, context.currency)} of wallet credit. We will email you again as soon as it is in your wallet.`],
    { label: "See your vouchers", path: "/myaccount/vouchers" },
  );
}

/** The exchange is done: the credit is in the wallet. */
export function creditAddedEmail(context: AfterSaleMailContext, amount: number): OutgoingMail {
  return mail(context, "Credit added to your wallet", [`${formatMoney(amount, context.currency)} of credit for ${about(context)} has been added to your wallet, ready to spend now.`], {
    label: "See your wallet",
    path: "/myaccount/wallet",
  });
}

/** A voucher's expiry was pushed back (Deal Protection). */
export function extendedEmail(context: AfterSaleMailContext, expiresAt: Date): OutgoingMail {
  return mail(context, "Your voucher has been extended", [`We have extended ${about(context)}. It can now be used until ${dateFormat.format(expiresAt)}.`], {
    label: "See your vouchers",
    path: "/myaccount/vouchers",
  });
}
