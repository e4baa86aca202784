import type { CategoryKind } from "../../modules/catalog/schema";

interface SubCategoryDef {
  readonly shortName: string;
  readonly name: string;
  /** Relative share of its parent's deals (default 1). */
  readonly weight?: number;
}

interface TopCategoryDef {
  readonly shortName: string;
  readonly name: string;
  readonly kind: CategoryKind;
  /** Relative share of deals of its kind (default 1). */
  readonly weight?: number;
  readonly children: readonly SubCategoryDef[];
}

/**
 * The category tree. Short names are URL slugs (/deals/london/beauty/spa). Sub-category short
 * names are unique across the whole tree so the word lists can be keyed by them.
 */
export const CATEGORY_TREE = [
  {
    shortName: "food-and-drink",
    name: "Food & Drink",
    kind: "local",
    weight: 5,
    children: [
      { shortName: "restaurants", name: "Restaurants", weight: 4 },
      { shortName: "afternoon-tea", name: "Afternoon Tea", weight: 2 },
      { shortName: "bottomless-brunch", name: "Bottomless Brunch", weight: 2 },
      { shortName: "takeaway", name: "Takeaway" },
      { shortName: "cocktails", name: "Cocktails & Drinks" },
    ],
  },
  {
    shortName: "beauty",
    name: "Beauty",
    kind: "local",
    weight: 5,
    children: [
      { shortName: "spa", name: "Spa", weight: 3 },
      { shortName: "hair", name: "Hair", weight: 2 },
      { shortName: "nails", name: "Nails" },
      { shortName: "massage", name: "Massage", weight: 2 },
      { shortName: "facials", name: "Facials" },
    ],
  },
  {
    shortName: "health-fitness",
    name: "Health & Fitness",
    kind: "local",
    weight: 2,
    children: [
      { shortName: "fitness", name: "Gym & Fitness" },
      { shortName: "yoga-pilates", name: "Yoga & Pilates" },
      { shortName: "dental", name: "Dental" },
      { shortName: "health-checks", name: "Health Checks" },
    ],
  },
  {
    shortName: "activities",
    name: "Activities",
    kind: "local",
    weight: 3,
    children: [
      { shortName: "experiences", name: "Experiences", weight: 2 },
      { shortName: "days-out", name: "Days Out", weight: 2 },
      { shortName: "driving", name: "Driving Experiences" },
      { shortName: "escape-rooms", name: "Escape Rooms" },
    ],
  },
  {
    shortName: "entertainment",
    name: "Entertainment",
    kind: "local",
    weight: 2,
    children: [
      { shortName: "theatre", name: "Theatre" },
      { shortName: "comedy", name: "Comedy" },
      { shortName: "cinema", name: "Cinema" },
      { shortName: "live-music", name: "Live Music" },
    ],
  },
  {
    shortName: "electricals",
    name: "Electricals",
    kind: "national",
    weight: 3,
    children: [
      { shortName: "audio", name: "Headphones & Audio" },
      { shortName: "phones-tablets", name: "Phones & Tablets" },
      { shortName: "smart-home", name: "Smart Home" },
      { shortName: "kitchen-appliances", name: "Kitchen Appliances" },
    ],
  },
  {
    shortName: "fashion",
    name: "Fashion",
    kind: "national",
    weight: 3,
    children: [
      { shortName: "womens-fashion", name: "Women's Fashion", weight: 2 },
      { shortName: "mens-fashion", name: "Men's Fashion" },
      { shortName: "jewellery", name: "Jewellery" },
      { shortName: "watches", name: "Watches" },
      { shortName: "bags", name: "Bags & Accessories" },
    ],
  },
  {
    shortName: "home-garden",
    name: "Home & Garden",
    kind: "national",
    weight: 3,
    children: [
      { shortName: "bedding", name: "Bedding" },
      { shortName: "furniture", name: "Furniture" },
      { shortName: "garden", name: "Garden" },
      { shortName: "kitchenware", name: "Kitchenware" },
    ],
  },
  {
    shortName: "health-beauty-products",
    name: "Health & Beauty",
    kind: "national",
    weight: 2,
    children: [
      { shortName: "fragrance", name: "Fragrance" },
      { shortName: "skincare", name: "Skincare" },
      { shortName: "hair-tools", name: "Hair Tools" },
      { shortName: "supplements", name: "Supplements" },
    ],
  },
  {
    shortName: "toys-kids",
    name: "Toys & Kids",
    kind: "national",
    children: [
      { shortName: "toys", name: "Toys" },
      { shortName: "games-puzzles", name: "Games & Puzzles" },
      { shortName: "baby", name: "Baby" },
    ],
  },
  {
    shortName: "gifts",
    name: "Gifts",
    kind: "national",
    children: [
      { shortName: "personalised", name: "Personalised Gifts" },
      { shortName: "gift-sets", name: "Gift Sets" },
      { shortName: "novelty", name: "Novelty Gifts" },
    ],
  },
  {
    shortName: "uk-breaks",
    name: "UK Breaks",
    kind: "travel",
    weight: 3,
    children: [
      { shortName: "spa-breaks", name: "Spa Breaks", weight: 2 },
      { shortName: "city-breaks", name: "City Breaks" },
      { shortName: "coastal", name: "Coastal Breaks" },
      { shortName: "countryside", name: "Countryside Breaks" },
    ],
  },
  {
    shortName: "ireland-breaks",
    name: "Ireland Breaks",
    kind: "travel",
    children: [
      { shortName: "hotel-breaks", name: "Hotel Breaks" },
      { shortName: "castle-breaks", name: "Castle Breaks" },
    ],
  },
  {
    shortName: "international",
    name: "International",
    kind: "travel",
    weight: 3,
    children: [
      { shortName: "beach", name: "Beach Holidays", weight: 2 },
      { shortName: "city", name: "City Breaks Abroad" },
      { shortName: "all-inclusive", name: "All-Inclusive", weight: 2 },
    ],
  },
  {
    shortName: "cruises",
    name: "Cruises",
    kind: "travel",
    children: [
      { shortName: "mediterranean", name: "Mediterranean Cruises" },
      { shortName: "caribbean", name: "Caribbean Cruises" },
      { shortName: "river", name: "River Cruises" },
    ],
  },
] as const satisfies readonly TopCategoryDef[];

export type TopCategorySlug = (typeof CATEGORY_TREE)[number]["shortName"];
export type SubCategorySlug = (typeof CATEGORY_TREE)[number]["children"][number]["shortName"];

export interface SeedCategory {
  id: number;
  parentId: number | null;
  shortName: string;
  name: string;
  kind: CategoryKind;
  sortOrder: number;
  weight: number;
}

export interface SeedTopCategory extends SeedCategory {
  shortName: TopCategorySlug;
  children: SeedSubCategory[];
}

export interface SeedSubCategory extends SeedCategory {
  shortName: SubCategorySlug;
  parentId: number;
}

/**
 * The tree with stable ids: top-level categories get 1..n in order, then each parent's children
 * follow in order. Ids only change if the tree above changes.
 */
export function buildCategories(): SeedTopCategory[] {
  let nextId = CATEGORY_TREE.length + 1;
  return CATEGORY_TREE.map((top, index): SeedTopCategory => {
    const id = index + 1;
    const weight = "weight" in top ? top.weight : 1;
    const children = top.children.map(
      (child, childIndex): SeedSubCategory => ({
        id: nextId++,
        parentId: id,
        shortName: child.shortName,
        name: child.name,
        kind: top.kind,
        sortOrder: childIndex,
        weight: "weight" in child ? child.weight : 1,
      }),
    );
    return { id, parentId: null, shortName: top.shortName, name: top.name, kind: top.kind, sortOrder: index, weight, children };
  });
}
