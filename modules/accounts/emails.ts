import { BRANDS, type BrandId } from "../../lib/brand";
import type { OutgoingMail } from "../mail/outbox";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The brand's sender address, e.g. "Wowcher <no-reply@wowcher.co.uk>". */
export function brandSender(brandId: BrandId): string {
  const brand = BRANDS[brandId];
  return `${brand.displayName} <no-reply@${brand.hosts[0]}>`;
}

/** The brand's plain email body: its name, the paragraphs, and one link to act on. */
export function layout(brandId: BrandId, paragraphs: string[], action: { label: string; url: string }): string {
  const brand = BRANDS[brandId];
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  return [
    `<div style="font-family: Nunito, Arial, sans-serif; font-size: 14px; color: #1f1f2e">`,
    `<h1 style="font-size: 20px">${escapeHtml(brand.displayName)}</h1>`,
    body,
    `<p><a href="${escapeHtml(action.url)}" style="font-weight: bold">${escapeHtml(action.label)}</a></p>`,
    `</div>`,
  ].join("\n");
}

function greeting(firstName: string): string {
  return firstName ? `Hi ${firstName},` : "Hi,";
}

/** The reset link (or, for an account that never had a password, the activation link). */
export function passwordLinkEmail(input: {
  brand: BrandId;
  to: string;
  firstName: string;
  url: string;
  purpose: "password_reset" | "password_activate";
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const reset = input.purpose === "password_reset";
  const subject = reset ? `Reset your ${brand.displayName} password` : `Set a password for your ${brand.displayName} account`;
  const label = reset ? "Reset your password" : "Set your password";
  const lines = [
    greeting(input.firstName),
    reset
      ? `We received a request to reset the password of your ${brand.displayName} account. Use the link below within one hour to choose a new one. Resetting also unlocks your account if it was locked.`
      : `Use the link below within one hour to set a password for your ${brand.displayName} account.`,
    "If you didn't ask for this, you can ignore this email: your password stays the same.",
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.url}\n`,
    html: layout(input.brand, lines, { label, url: input.url }),
  };
}

/** Confirms a newsletter subscription and carries the unsubscribe link every newsletter needs. */
export function newsletterWelcomeEmail(input: { brand: BrandId; to: string; unsubscribeUrl: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const lines = [
    "Hi,",
    `Thanks for subscribing! You'll get the best ${brand.displayName} deals near you by email, up to 80% off.`,
    "You can unsubscribe at any time with the link below.",
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `You're subscribed to ${brand.displayName} deals`,
    text: `${lines.join("\n\n")}\n\nUnsubscribe: ${input.unsubscribeUrl}\n`,
    html: layout(input.brand, lines, { label: "Unsubscribe", url: input.unsubscribeUrl }),
  };
}
