/** Page metadata every page carries (spec discovery §2 "Page metadata"). */
export const DEFAULT_ROBOTS = "INDEX, FOLLOW";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  robots?: string;
  ogType?: "website" | "product" | "article";
  /** Absolute URL of a share image. */
  image?: string | null;
}

export function seoMeta(seo: PageSeo) {
  const tags = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: seo.robots ?? DEFAULT_ROBOTS },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: seo.ogType ?? "website" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  return tags;
}
