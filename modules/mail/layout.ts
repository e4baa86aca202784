import { BRANDS, type BrandId } from "../../lib/brand";

/** The shared email layout and helpers every module's emails use. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The brand's sender address, e.g. "Wowcher <no-reply@wowcher.co.uk>". */
export function brandSender(brandId: BrandId): string {
  const brand = BRANDS[brandId];
  return `${brand.displayName} <no-reply@${brand.hosts[0]}>`;
}

/** The brand's plain email: its name, the paragraphs, one link to act on. */
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

export function greeting(firstName: string): string {
  return firstName ? `Hi ${firstName},` : "Hi,";
}
