/** The deal URL with a product id inserted after the deal id: /deal/…/{dealId}/{productId}/{blurb}. */
export function withProduct(urlPath: string, productPart: string): string {
  if (!productPart) return urlPath;
  return urlPath.replace(/^(\/(?:email-)?deal\/[^/]+\/[^/]+\/[^/]+\/(?:\d+|e))/, `$1${productPart}`);
}

/**
 * The deal's path as reached, without a product id: /{deal|email-deal}/{segment}/{category}/
 * {subCategory}/{dealId|e}[/{blurb}]. Product links and the dropdown build on it.
 */
export function dealPathOf(
  prefix: string,
  target: { segment: string; category: string; subCategory: string; dealId: number | "evergreen"; blurb: string | null },
): string {
  const id = target.dealId === "evergreen" ? "e" : String(target.dealId);
  return `/${prefix}/${target.segment}/${target.category}/${target.subCategory}/${id}${target.blurb ? `/${target.blurb}` : ""}`;
}
