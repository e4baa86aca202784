/** A product is called the best seller only once this many of it have been sold (a claim needs real sales). */
export const BEST_SELLER_MIN_SOLD = 20;

/**
 * The deal's best-selling option, true to the sales ledger: among a deal's several options, the one
 * with the most units sold, if it sold at least BEST_SELLER_MIN_SOLD and strictly more than any
 * other (a tie names none). Never a flag someone sets: docs/decisions/catalog-deal-page-extras.md.
 */
export function bestSellerProductId(options: readonly { id: number; totalBought: number }[], minSold = BEST_SELLER_MIN_SOLD): number | null {
  if (options.length < 2) return null;
  const [first, second] = [...options].sort((a, b) => b.totalBought - a.totalBought);
  return first.totalBought >= minSold && first.totalBought > second.totalBought ? first.id : null;
}
