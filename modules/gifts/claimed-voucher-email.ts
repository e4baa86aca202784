import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/**
 * The claimed gift's voucher, emailed to its new holder (spec §4: "voucher emailed"). The code is
 * the one codeVisibility lets the holder see (from available_at on, spec §9); without it the email
 * says when it will be ready.
 */
export function claimedVoucherEmail(input: {
  brand: BrandId;
  to: string;
  firstName: string;
  dealTitle: string;
  productName: string;
  code: string | null;
  availableAt: Date;
  expiresAt: Date;
  origin: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const paragraphs = [
    greeting(input.firstName),
    `Your gift is yours: ${input.dealTitle} (${input.productName}).`,
    input.code ? `Your voucher code: ${input.code}` : `Your voucher will be ready on ${timeFormat.format(input.availableAt)}; its code will then be in My Vouchers.`,
    `Quote it when you book or redeem. Valid until ${dateFormat.format(input.expiresAt)}.`,
  ];
  const url = `${input.origin}/myaccount/vouchers`;
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your gift voucher from ${brand.displayName}`,
    text: [...paragraphs, `See and print it in My Vouchers: ${url}`].join("\n\n"),
    html: layout(input.brand, paragraphs, { label: "See your voucher", url }),
  };
}
