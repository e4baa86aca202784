/**
 * The one wording of a discount badge across the site (tiles, deal page, VIP prices): "Save 45%",
 * or "Save up to 45%" for a "from" price, after the spec's own "Save up to 80%". Null when there
 * is no saving to claim. See docs/decisions/discount-badge-wording.md.
 */
export function discountBadge(percentage: number | null | undefined, options: { upTo?: boolean } = {}): string | null {
  if (percentage === null || percentage === undefined || !Number.isFinite(percentage)) return null;
  const whole = Math.floor(percentage);
  if (whole <= 0) return null;
  return options.upTo ? `Save up to ${whole}%` : `Save ${whole}%`;
}
