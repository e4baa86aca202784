import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/** The invitation to the merchant portal: the link sets the password and works once, for 7 days. */
export function merchantInvitationEmail(input: { brand: BrandId; to: string; name: string; merchantName: string; url: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const label = "Set your password";
  const lines = [
    `Hi ${input.name},`,
    `You have been invited to the ${brand.displayName} merchant portal for ${input.merchantName}. There you look up and redeem your customers' voucher codes and see your sales and statements.`,
    "Use the link below within 7 days to choose your password. It works once.",
    "If you weren't expecting this, you can ignore this email.",
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your ${brand.displayName} merchant portal invitation`,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.url}\n`,
    html: layout(input.brand, lines, { label, url: input.url }),
  };
}
