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
  // Gift finder recipients (modules/catalog/rules/gift-finder.ts; Mum and Dad are above).
  { slug: "gifts-for-hubby", name: "Gifts for Hubby", description: "Driving days, watches, gadgets and dinners out for him.", subCategories: ["driving", "mens-fashion", "watches", "audio", "cocktails", "restaurants", "city-breaks"] },
  { slug: "gifts-for-wifey", name: "Gifts for Wifey", description: "Spa days, jewellery, fragrance and breaks away for her.", subCategories: ["spa", "massage", "jewellery", "womens-fashion", "bags", "fragrance", "spa-breaks"] },
  { slug: "gifts-for-little-ones", name: "Gifts for Little Ones", description: "Toys, games and days out the little ones will remember.", subCategories: ["toys", "games-puzzles", "baby", "days-out"] },
  { slug: "gifts-for-teen", name: "Gifts for Teens", description: "Tech, escape rooms, cinema trips and hair tools teens actually want.", subCategories: ["phones-tablets", "audio", "escape-rooms", "cinema", "hair-tools", "games-puzzles"] },
  { slug: "gifts-for-grandparents", name: "Gifts for Grandparents", description: "Afternoon teas, shows, garden treats and gentle breaks away.", subCategories: ["afternoon-tea", "theatre", "garden", "bedding", "countryside", "river", "personalised"] },
  { slug: "gifts-for-bff", name: "Gifts for Your BFF", description: "Brunches, cocktails, comedy nights and pampering to share.", subCategories: ["bottomless-brunch", "cocktails", "nails", "comedy", "live-music", "skincare", "beach"] },
  { slug: "gifts-for-colleague", name: "Gifts for a Colleague", description: "Thoughtful, affordable gifts for the office Secret Santa and beyond.", subCategories: ["novelty", "gift-sets", "kitchenware", "supplements", "takeaway"] },
  // Gift finder personalities.
  { slug: "gifts-for-the-playful", name: "Gifts for the Playful", description: "Games, puzzles, escape rooms and laughs.", subCategories: ["escape-rooms", "games-puzzles", "toys", "novelty", "comedy"] },
  { slug: "gifts-for-the-indulgent", name: "Gifts for the Indulgent", description: "Afternoon teas, fine dining and all-inclusive treats.", subCategories: ["afternoon-tea", "restaurants", "bottomless-brunch", "spa-breaks", "all-inclusive"] },
  { slug: "gifts-for-the-insta-famous", name: "Gifts for the Insta-famous", description: "Picture-perfect brunches, cocktails, looks and city breaks.", subCategories: ["cocktails", "bottomless-brunch", "hair", "nails", "womens-fashion", "city"] },
  { slug: "gifts-for-the-geeky", name: "Gifts for the Geeky", description: "Gadgets, smart home kit and audio.", subCategories: ["phones-tablets", "smart-home", "audio", "kitchen-appliances"] },
  { slug: "gifts-for-the-giggly", name: "Gifts for the Giggly", description: "Comedy nights, films, cocktails and silly presents.", subCategories: ["comedy", "cinema", "cocktails", "novelty"] },
  { slug: "gifts-for-the-gorgeous", name: "Gifts for the Gorgeous", description: "Facials, hair, skincare, fragrance and jewellery.", subCategories: ["facials", "hair", "skincare", "fragrance", "jewellery", "hair-tools"] },
  { slug: "gifts-for-the-active", name: "Gifts for the Active", description: "Gym passes, yoga, days out and the garden.", subCategories: ["fitness", "yoga-pilates", "days-out", "experiences", "garden"] },
  { slug: "gifts-for-the-pampered", name: "Gifts for the Pampered", description: "Spa days, massages, facials and spa breaks.", subCategories: ["spa", "massage", "facials", "nails", "spa-breaks"] },
  { slug: "gifts-for-the-jet-setter", name: "Gifts for the Jet Setter", description: "City breaks, beach holidays and cruises.", subCategories: ["city-breaks", "beach", "city", "all-inclusive", "mediterranean", "caribbean", "hotel-breaks", "castle-breaks"] },
  { slug: "gifts-for-the-daredevil", name: "Gifts for the Daredevil", description: "Driving experiences, thrills and escape rooms.", subCategories: ["driving", "experiences", "escape-rooms"] },
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
