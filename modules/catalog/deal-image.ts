/**
 * Deal pictures are drawn locally as SVG (no network, no binary assets in git): each category gets
 * its own palette and motif, and the variant number shifts the composition so tiles differ.
 */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ["#ffb3c7", "#e6004c", "#5c0020"],
  ["#b3e0ff", "#0072bb", "#00263d"],
  ["#c8f2c2", "#2e8b2e", "#123812"],
  ["#ffe0a3", "#e08a00", "#5a3700"],
  ["#e0c8ff", "#7a3dd6", "#2d1152"],
  ["#a8f0ea", "#008c80", "#00332e"],
];

export const DEAL_IMAGE_VARIANTS = 6;

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function isValidImageRequest(category: string, variant: number): boolean {
  return /^[a-z0-9-]{1,64}$/.test(category) && Number.isInteger(variant) && variant >= 1 && variant <= DEAL_IMAGE_VARIANTS;
}

export function renderDealImage(category: string, variant: number): string {
  const [light, mid, dark] = PALETTES[hash(category) % PALETTES.length];
  const seed = hash(`${category}:${variant}`);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const cx = (seed >> (i * 3)) % 640;
    const cy = (seed >> (i * 2 + 1)) % 400;
    const r = 40 + ((seed >> i) % 90);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? mid : light}" opacity="0.55"/>`;
  }).join("");
  const label = escapeXml(category.replace(/-/g, " "));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="${label}"><rect width="640" height="400" fill="${light}"/>${circles}<rect y="330" width="640" height="70" fill="${dark}" opacity="0.75"/><text x="24" y="376" font-family="Nunito, sans-serif" font-size="30" font-weight="700" fill="#fff">${label}</text></svg>`;
}
