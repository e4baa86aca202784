import { BRANDS, type BrandId } from "../../lib/brand";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, escapeHtml } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** Paragraphs as the plain text part and as escaped HTML. */
function mail(brand: BrandId, to: string, subject: string, paragraphs: readonly string[]): OutgoingMail {
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(BRANDS[brand].displayName)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `</div>`,
  ].join("\n");
  return { from: brandSender(brand), to, subject, text: paragraphs.join("\n\n"), html };
}

/** To the recipient of an emailed gift card: who sent it, the amount, the message, the code and where to redeem it. */
export function giftCardEmail(input: {
  brand: BrandId;
  senderName: string;
  recipientName: string;
  recipientEmail: string;
  amount: number;
  currency: Currency;
  code: string;
  message: string | null;
  expiresAt: Date;
  redeemUrl: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const from = input.senderName.trim() || "Someone";
  const amount = formatMoney(input.amount, input.currency);
  return mail(input.brand, input.recipientEmail, `${from} has sent you a ${amount} ${brand.displayName} gift card`, [
    `Hi ${input.recipientName},`,
    `${from} has sent you a ${amount} ${brand.displayName} gift card.`,
    ...(input.message ? [`"${input.message}"`] : []),
    `Your gift card code: ${input.code}`,
    `Redeem it at ${input.redeemUrl}: sign in and enter the code exactly as it is written here (it is case sensitive). The ${amount} goes into your wallet to spend on any deal.`,
    `Redeem it by ${dateFormat.format(input.expiresAt)}.`,
  ]);
}

/** To the buyer of a gift card they print themselves: where the printable card is. */
export function printableGiftCardEmail(input: { brand: BrandId; to: string; amount: number; currency: Currency; printUrl: string; expiresAt: Date }): OutgoingMail {
  const amount = formatMoney(input.amount, input.currency);
  return mail(input.brand, input.to, `Your ${amount} gift card is ready to print`, [
    `Your ${amount} ${BRANDS[input.brand].displayName} gift card is ready.`,
    `Print it, or save it as a PDF, at ${input.printUrl} (sign in first).`,
    `It can be redeemed until ${dateFormat.format(input.expiresAt)}.`,
  ]);
}
