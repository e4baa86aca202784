import { BRAND_IDS, BRANDS } from "../lib/brand";
import type { contentPages, countdownBanners, scrollerConfigurations, seasonalThemes } from "../modules/content/schema";
import type { promoCodes } from "../modules/promotions/schema";
import { CONTENT_PAGES } from "./data/content-pages";

export type NewContentPage = typeof contentPages.$inferInsert;
export type NewSeasonalTheme = typeof seasonalThemes.$inferInsert;
export type NewScrollerConfiguration = typeof scrollerConfigurations.$inferInsert;
export type NewCountdownBanner = typeof countdownBanners.$inferInsert;
export type NewPromoCode = typeof promoCodes.$inferInsert;

export function buildContentPages(now: Date): NewContentPage[] {
  return CONTENT_PAGES.map((page) => ({
    slug: page.slug,
    brand: null,
    kind: page.kind,
    displayName: page.displayName,
    description: page.description,
    text: page.text,
    additionalText: page.additionalText ?? null,
    dealsFeed: page.dealsFeed ?? null,
    listicleView: page.listicleView ?? false,
    redirectUrl: page.redirectUrl ?? null,
    updatedAt: now,
  }));
}

/** The spec's windows (month-day, inclusive), with their 2024/25 dates kept as given. */
const THEME_WINDOWS = [
  { name: "black-friday", from: "11-01", to: "12-08", priority: 1, crossesYear: false },
  { name: "christmas", from: "12-04", to: "12-26", priority: 2, crossesYear: false },
  { name: "christmas-egift", from: "12-21", to: "12-26", priority: 3, crossesYear: false },
  { name: "valentines", from: "01-22", to: "02-15", priority: 1, crossesYear: true },
] as const;

/**
 * Seasonal themes: the spec's windows (black friday 2024-11-01 to 2024-12-08, …, valentines
 * 2025-01-22 to 2025-02-15), repeated for the seed year and the next so the demo has live ones.
 */
export function buildSeasonalThemes(now: Date): NewSeasonalTheme[] {
  const years = [2024, now.getUTCFullYear(), now.getUTCFullYear() + 1].filter((year, i, all) => all.indexOf(year) === i);
  return years.flatMap((year) =>
    THEME_WINDOWS.map((window) => {
      const y = window.crossesYear ? year + 1 : year;
      return {
        name: window.name,
        brand: null,
        startsAt: new Date(`${y}-${window.from}T00:00:00Z`),
        endsAt: new Date(`${y}-${window.to}T23:59:59Z`),
        priority: window.priority,
      };
    }),
  );
}

/** Home page scrollers per brand: collections with a call to action. */
export function buildScrollerConfigurations(): NewScrollerConfiguration[] {
  return BRAND_IDS.flatMap((brand) => {
    const travel = BRANDS[brand].travelName;
    return [
      { header: "Date night ideas", subHeader: "Dinners, drinks and shows for two", specialSearchTag: "date-night", ctaLabel: "See all", ctaLink: "/deals/{location}/special/date-night" },
      { header: "Time to unwind", subHeader: "Spa days and massages", specialSearchTag: "pamper", ctaLabel: "See all", ctaLink: "/deals/{location}/special/pamper" },
      { header: "Treats under 20", subHeader: "Small price, big smile", specialSearchTag: "under-20", ctaLabel: "See all", ctaLink: "/deals/{location}/special/under-20" },
      { header: "Getaways", subHeader: "Breaks and holidays up to 50% off", category: "", specialSearchTag: "holiday-deals", ctaLabel: "All travel deals", ctaLink: `/deals/${travel}` },
    ].map((row, index) => ({
      brand,
      siteLocation: null,
      pageLocation: "homepage",
      specialSearchTag: row.specialSearchTag,
      searchTerm: null,
      location: null,
      category: row.category || null,
      subCategory: null,
      backgroundImage: null,
      ctaLabel: row.ctaLabel,
      ctaLink: row.ctaLink,
      header: row.header,
      subHeader: row.subHeader,
      sortOrder: index,
    }));
  });
}

/**
 * The Irish sites' Black Friday offer: a code that really stops working when the banner's countdown
 * ends (UK CMA undertakings: a countdown must be a real deadline), and the banner counting down to it.
 */
export function blackFridayOffer(now: Date) {
  const year = now.getUTCFullYear();
  return {
    brands: ["wowcherie", "livingsocialie"] as const,
    code: "BLACKFRIDAY",
    percentOff: 15,
    startsAt: new Date(`${year}-11-01T00:00:00Z`),
    endsAt: new Date(`${year}-12-08T23:59:59Z`),
  };
}

export function buildCountdownBanners(now: Date): NewCountdownBanner[] {
  const offer = blackFridayOffer(now);
  return offer.brands.map((brand) => ({
    brand,
    label: `Black Friday: ${offer.percentOff}% off with code ${offer.code} ends in`,
    link: "/guides/black-friday-deals",
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
  }));
}

export function buildBlackFridayCodes(now: Date): NewPromoCode[] {
  const offer = blackFridayOffer(now);
  return offer.brands.map((brand) => ({
    brand,
    code: offer.code,
    kind: "percentage" as const,
    value: offer.percentOff,
    minimumSpend: 0,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
    maxUsesPerCustomer: 1,
    createdAt: now,
  }));
}
