/**
 * Curated collections. A deal joins a collection by its sub-category, or by a price or type rule
 * (see tagsForDeal); special pages, scrollers, guides and the wellness collection list them.
 */
export interface SeedSpecialTag {
  slug: string;
  name: string;
  description: string;
  subCategories?: readonly string[];
}

export const SPECIAL_TAGS: readonly SeedSpecialTag[] = [
  {
    slug: "date-night",
    name: "Date Night",
    description: "Dinners, cocktails and shows for two: everything for a night out together, for less.",
    subCategories: ["restaurants", "cocktails", "bottomless-brunch", "theatre", "comedy", "cinema", "live-music"],
  },
  {
    slug: "pamper",
    name: "Pamper Yourself",
    description: "Spa days, massages and facials to unwind, up to 80% off.",
    subCategories: ["spa", "massage", "facials", "nails", "spa-breaks"],
  },
  {
    slug: "wellness",
    name: "Wellness Collection",
    description: "Feel-good deals for body and mind: spa, fitness, yoga, health checks and more.",
    subCategories: ["spa", "massage", "facials", "fitness", "yoga-pilates", "health-checks", "supplements", "skincare", "spa-breaks"],
  },
  {
    slug: "gifts-for-mum",
    name: "Gifts for Mum",
    description: "Afternoon teas, spa treats, fragrance and jewellery she will love.",
    subCategories: ["afternoon-tea", "spa", "fragrance", "jewellery", "gift-sets", "personalised"],
  },
  {
    slug: "gifts-for-dad",
    name: "Gifts for Dad",
    description: "Driving experiences, gadgets, watches and days out for the dad who has everything.",
    subCategories: ["driving", "experiences", "audio", "watches", "novelty", "smart-home"],
  },
  {
    slug: "family-days-out",
    name: "Family Days Out",
    description: "Attractions, activities and toys to keep the whole family entertained.",
    subCategories: ["days-out", "experiences", "escape-rooms", "cinema", "toys", "games-puzzles"],
  },
  { slug: "under-20", name: "Under £20", description: "Treats that cost less than a round of drinks: every deal here is under 20." },
  { slug: "black-friday", name: "Black Friday Deals", description: "Our biggest discounts of the year: every deal here is at least half price." },
  {
    slug: "holiday-deals",
    name: "Holiday Deals",
    description: "Beach holidays, city breaks and cruises, with up to 50% off.",
    subCategories: ["beach", "all-inclusive", "city", "mediterranean", "caribbean", "river", "city-breaks", "coastal"],
  },
];
