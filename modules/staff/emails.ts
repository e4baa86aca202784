import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";
import { ROLE_LABELS } from "./permissions";
import type { StaffRole } from "./schema";

/** The invitation to the back office: the link sets a password, then an authenticator; it works once, for 3 days. */
export function staffInvitationEmail(input: { brand: BrandId; to: string; name: string; role: StaffRole; url: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const label = "Accept the invitation";
  const lines = [
    `Hi ${input.name},`,
    `You have been invited to the ${brand.displayName} back office as ${ROLE_LABELS[input.role]}.`,
    "Use the link below within 3 days to choose your password and set up your authenticator app. It works once.",
    "If you weren't expecting this, you can ignore this email.",
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your ${brand.displayName} back office invitation`,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.url}\n`,
    html: layout(input.brand, lines, { label, url: input.url }),
  };
}
