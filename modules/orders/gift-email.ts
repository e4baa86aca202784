import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, escapeHtml } from "../accounts/emails";
import type { OutgoingMail } from "../mail/outbox";

const expiryFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** The e-gift: sent to the recipient of an E_GIFT line with the line's voucher codes and the message. */
export function eGiftEmail(input: {
  brand: BrandId;
  senderName: string;
  recipientName: string;
  recipientEmail: string;
  title: string;
  message: string | null;
  voucherCodes: readonly string[];
  expiresAt: Date;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const from = input.senderName.trim() || "Someone";
  const paragraphs = [
    `Hi ${input.recipientName},`,
    `${from} has sent you a gift from ${brand.displayName}: ${input.title}.`,
    ...(input.message ? [`"${input.message}"`] : []),
    `Your voucher ${input.voucherCodes.length === 1 ? "code" : "codes"}: ${input.voucherCodes.join(", ")}`,
    `Quote it when you book or redeem. Valid until ${expiryFormat.format(input.expiresAt)}.`,
  ];
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `</div>`,
  ].join("\n");
  return {
    from: brandSender(input.brand),
    to: input.recipientEmail,
    subject: `${from} has sent you a gift from ${brand.displayName}`,
    text: paragraphs.join("\n\n"),
    html,
  };
}
