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

/** What a route's meta function receives: the root match carries the brand. */
type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The brand's name from the root loader's data, when the page has it. */
export function brandNameFrom(matches: MetaMatches | undefined): string | null {
  const root = matches?.find((match) => match?.id === "root")?.data as { brand?: { displayName?: string } } | undefined;
  return root?.brand?.displayName ?? null;
}

/** Every page title ends with the brand ("Checkout | Wowcher"), once: titles that already name it are kept. */
export function withBrand(title: string, brandName: string | null): string {
  if (!brandName || title.trim().toLowerCase().endsWith(brandName.toLowerCase())) return title;
  return title ? `${title} | ${brandName}` : brandName;
}

/** The document language: the Irish sites write Irish English (WCAG 3.1.1; spell-checkers, speech). */
export function documentLanguage(countryCode: "GB" | "IE"): "en-GB" | "en-IE" {
  return countryCode === "IE" ? "en-IE" : "en-GB";
}

/** A plain title plus robots, for pages without a description (basket, checkout, confirmation). */
export function titleMeta(title: string, matches: MetaMatches | undefined, robots = "NOINDEX, NOFOLLOW") {
  return [{ title: withBrand(title, brandNameFrom(matches)) }, { name: "robots", content: robots }];
}

/** `matches` (the meta function's argument) puts the brand at the end of the title. */
export function seoMeta(seo: PageSeo, matches?: MetaMatches) {
  if (matches) seo = { ...seo, title: withBrand(seo.title, brandNameFrom(matches)) };
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
