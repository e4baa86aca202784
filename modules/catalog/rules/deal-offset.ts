/**
 * How many of a listing's first deals are shown as featured deals (the main deal and the side
 * deals) and therefore skipped by the paged grid (spec discovery §9): 2 by default, 5 on deal and
 * VIP deal pages, 0 for travel (and travel deal pages), plus 1 when the main deal is sold out.
 */
export const DEFAULT_DEAL_OFFSET = 2;
export const DEAL_PAGE_DEAL_OFFSET = 5;

export function dealOffset(input: { onDealPage: boolean; travel: boolean; mainDealSoldOut: boolean }): number {
  if (input.travel) return 0;
  const base = input.onDealPage ? DEAL_PAGE_DEAL_OFFSET : DEFAULT_DEAL_OFFSET;
  return base + (input.mainDealSoldOut ? 1 : 0);
}
