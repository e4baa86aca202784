/** Page metadata every page carries (spec discovery §2 "Page metadata"). */
import { truncateText } from "../modules/catalog/rules/truncate";

export const DEFAULT_ROBOTS = "INDEX, FOLLOW";
/** Search engines show about this much of a description; longer ones are cut at a word (spec §5). */
export const DESCRIPTION_LIMIT = 160;

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
  const description = truncateText(seo.description.replace(/\s+/g, " ").trim(), DESCRIPTION_LIMIT);
  const tags = [
    { title: seo.title },
    { name: "description", content: description },
    { name: "robots", content: seo.robots ?? DEFAULT_ROBOTS },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: seo.ogType ?? "website" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  return tags;
}
