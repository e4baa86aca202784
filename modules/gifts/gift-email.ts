import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, escapeHtml, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/**
 * The gift: sent to the recipient with a gift code for each voucher and the link to /mygift, where
 * the code is claimed. Never the voucher code: the voucher becomes theirs only once claimed.
 */
export function giftEmail(input: {
  brand: BrandId;
  senderName: string;
  recipientName: string;
  recipientEmail: string;
  title: string;
  message: string | null;
  giftCodes: readonly string[];
  origin: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const from = input.senderName.trim() || "Someone";
  const claimUrl = `${input.origin}/mygift`;
  const several = input.giftCodes.length > 1;
  const paragraphs = [
    `Hi ${input.recipientName},`,
    `${from} has sent you a gift from ${brand.displayName}: ${input.title}.`,
    ...(input.message ? [`"${input.message}"`] : []),
    `Your gift ${several ? "codes" : "code"}: ${input.giftCodes.join(", ")}`,
    `To claim your gift, go to ${claimUrl}, sign in or register, and enter the ${several ? "codes" : "code"} exactly as ${several ? "they are" : "it is"} written (capital letters matter). Your voucher is then emailed to you and kept in My Vouchers.`,
  ];
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(claimUrl)}" style="font-weight: bold">Claim your gift</a></p>`,
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

/** The buyer took a gift back before it was claimed: its gift code no longer works. */
export function giftWithdrawnEmail(input: { brand: BrandId; senderName: string; recipientName: string; recipientEmail: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const from = input.senderName.trim() || "The sender";
  const paragraphs = [`Hi ${input.recipientName},`, `${from} has withdrawn the gift they sent you from ${brand.displayName}, so its gift code no longer works.`];
  const html = [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `</div>`,
  ].join("\n");
  return { from: brandSender(input.brand), to: input.recipientEmail, subject: `A gift from ${brand.displayName} was withdrawn`, text: paragraphs.join("\n\n"), html };
}

/**
 * A gifted voucher was cancelled (its buyer refunded): the recipient reads why. A gift still
 * waiting to be claimed says its code no longer works; a claimed one links to the voucher, which
 * shows the same reason.
 */
export function giftCancelledEmail(input: {
  brand: BrandId;
  to: string;
  greeting: string;
  dealTitle: string;
  notice: string;
  claimed: boolean;
  /** The claimed voucher's page, or the shop for a gift still waiting. */
  url: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const paragraphs = [
    input.greeting,
    input.claimed ? `Your gift voucher for ${input.dealTitle} has been cancelled and can no longer be used.` : `The gift you were sent from ${brand.displayName}, ${input.dealTitle}, has been cancelled, so its gift code no longer works.`,
    input.notice,
  ];
  const action = { label: input.claimed ? "See your voucher" : `Visit ${brand.displayName}`, url: input.url };
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your gift from ${brand.displayName} has been cancelled`,
    text: [...paragraphs, `${action.label}: ${action.url}`].join("\n\n"),
    html: layout(input.brand, paragraphs, action),
  };
}
