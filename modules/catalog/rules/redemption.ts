/** How a voucher is redeemed, per redemption type (spec: a how-to image per deal type). */
import type { RedemptionType } from "../schema";

export const REDEMPTION_TYPES: readonly RedemptionType[] = ["calendar", "call-to-book", "choose-your-flight", "mystery-travel", "standard", "standard-travel"];

export const REDEMPTION_STEPS: Record<RedemptionType, readonly [string, string, string]> = {
  standard: ["Buy your voucher", "Find it in My Vouchers", "Show it to the merchant"],
  "call-to-book": ["Buy your voucher", "Call to book, quoting your code", "Enjoy your booking"],
  calendar: ["Pick your dates on the calendar", "Buy at that price", "Your booking is confirmed"],
  "choose-your-flight": ["Pick your dates", "Choose your flights", "Get your travel documents"],
  "mystery-travel": ["Buy your mystery break", "Your destination is revealed", "Pack your bags"],
  "standard-travel": ["Buy your voucher", "Book your dates with the hotel", "Enjoy your break"],
};

export function isRedemptionType(value: string): value is RedemptionType {
  return (REDEMPTION_TYPES as readonly string[]).includes(value);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A three-step how-to picture, drawn as SVG so it needs no stored assets. */
export function renderRedemptionImage(type: RedemptionType): string {
  const steps = REDEMPTION_STEPS[type];
  const columns = steps
    .map((step, index) => {
      const x = 110 + index * 210;
      return `<circle cx="${x}" cy="70" r="36" fill="#d6004a"/><text x="${x}" y="82" text-anchor="middle" font-family="Nunito, sans-serif" font-size="34" font-weight="700" fill="#fff">${index + 1}</text><text x="${x}" y="150" text-anchor="middle" font-family="Nunito, sans-serif" font-size="16" fill="#1f1f2e">${escapeXml(step)}</text>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="190" viewBox="0 0 640 190" role="img" aria-label="${escapeXml(steps.join(", then "))}"><rect width="640" height="190" rx="12" fill="#f6f6f8"/><path d="M150 70h130M360 70h130" stroke="#d6004a" stroke-width="4" stroke-dasharray="8 8"/>${columns}</svg>`;
}
