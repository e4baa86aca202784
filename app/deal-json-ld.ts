import type { DealPage } from "../modules/catalog/deal-detail/get-deal";

export interface Crumb {
  label: string;
  href: string;
}

function majorUnits(minor: number): string {
  return (minor / 100).toFixed(2);
}

function absolute(origin: string, href: string): string {
  return /^https?:\/\//.test(href) ? href : `${origin}${href}`;
}

/**
 * Structured data for a deal page's rich results (schema.org Product with its Offer, the
 * AggregateRating when it has reviews, and the BreadcrumbList), every URL absolute on the brand's
 * configured origin.
 */
export function dealJsonLd(page: Pick<DealPage, "deal" | "availability" | "canonicalUrl">, origin: string, crumbs: readonly Crumb[]): Record<string, unknown>[] {
  const { deal, availability } = page;
  const url = `${origin}${page.canonicalUrl}`;
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: deal.headline,
    description: deal.title,
    sku: String(deal.id),
    url,
    image: deal.images.map((image) => absolute(origin, image.imageUrl)),
    brand: { "@type": "Brand", name: deal.business.displayName },
    offers: {
      "@type": "Offer",
      url,
      price: majorUnits(deal.price),
      priceCurrency: deal.currency,
      availability: availability.buyable ? "https://schema.org/InStock" : deal.soldOut ? "https://schema.org/SoldOut" : "https://schema.org/Discontinued",
      priceValidUntil: deal.closingDate.slice(0, 10),
      seller: { "@type": "Organization", name: deal.business.displayName },
    },
  };
  if (deal.reviewSummary.average !== null && deal.reviewSummary.count > 0) {
    product.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: deal.reviewSummary.average.toFixed(1),
      reviewCount: deal.reviewSummary.count,
      bestRating: "5",
      worstRating: "1",
    };
  }
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.label, item: absolute(origin, crumb.href) })),
  };
  return [product, breadcrumbs];
}

/**
 * JSON for inside a <script> element: "<" is written as \u003c, so no text in it (a headline with
 * "</script>") can end the element early; U+2028/U+2029 are escaped for old parsers. Still valid JSON.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
