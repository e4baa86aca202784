import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

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

/** How long an email verification link works, as its emails say. */
export const EMAIL_VERIFY_LINK_DAYS = 7;

/**
 * Sent on registration. With `verifyUrl` it asks to confirm the address (password accounts); an
 * account whose address Google has verified gets the welcome with a link to My account instead.
 */
export function welcomeEmail(input: { brand: BrandId; to: string; firstName: string; verifyUrl: string | null; accountUrl: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const lines = [
    greeting(input.firstName),
    `Welcome to ${brand.displayName}! Your account is ready: buy deals, keep a wish list and find your vouchers and orders in My account.`,
    ...(input.verifyUrl
      ? [`Please confirm this is your email address with the link below, within ${EMAIL_VERIFY_LINK_DAYS} days.`, "If you didn't create this account, you can ignore this email."]
      : []),
  ];
  const action = input.verifyUrl ? { label: "Verify your email address", url: input.verifyUrl } : { label: "Go to My account", url: input.accountUrl };
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Welcome to ${brand.displayName}`,
    text: `${lines.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.brand, lines, action),
  };
}

/** A new verification link: asked for in My account, or after the account's email changed. */
export function emailVerificationEmail(input: { brand: BrandId; to: string; firstName: string; verifyUrl: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const label = "Verify your email address";
  const lines = [
    greeting(input.firstName),
    `Please confirm this is the email address of your ${brand.displayName} account with the link below, within ${EMAIL_VERIFY_LINK_DAYS} days.`,
    "If you didn't ask for this, you can ignore this email.",
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Verify your ${brand.displayName} email address`,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.verifyUrl}\n`,
    html: layout(input.brand, lines, { label, url: input.verifyUrl }),
  };
}
