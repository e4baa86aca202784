import type { Db } from "../../db/client";
import { categories, deals, locations, merchants, navigationItems, products } from "../../modules/catalog/schema";

type DealRow = typeof deals.$inferInsert;

/** A small hand-made catalogue for tests that must know exactly what is in the database. */
export async function insertCatalogBasics(db: Db) {
  await db.insert(locations).values([
    { id: 275850, name: "London", shortName: "london", countryCode: "GB", lat: 51.5072, lon: -0.1276 },
    { id: 275851, name: "Manchester", shortName: "manchester", countryCode: "GB", lat: 53.4808, lon: -2.2426 },
    { id: 275859, name: "Dublin", shortName: "dublin", countryCode: "IE", lat: 53.3498, lon: -6.2603 },
  ]);
  const [beauty] = await db.insert(categories).values({ shortName: "beauty", name: "Beauty", kind: "local" }).returning();
  const [spa] = await db
    .insert(categories)
    .values({ shortName: "spa", name: "Spa", kind: "local", parentId: beauty.id })
    .returning();
  const [merchant] = await db.insert(merchants).values({ businessName: "Serenity Spa Ltd", displayName: "Serenity Spa" }).returning();
  return { beauty, spa, merchant };
}

let dealCounter = 0;

export async function insertDeal(
  db: Db,
  basics: Awaited<ReturnType<typeof insertCatalogBasics>>,
  overrides: Partial<DealRow> = {},
) {
  dealCounter += 1;
  const [deal] = await db
    .insert(deals)
    .values({
      countryCode: "GB",
      currency: "GBP",
      dealType: "local",
      locationId: 275850,
      categoryId: basics.beauty.id,
      subCategoryId: basics.spa.id,
      merchantId: basics.merchant.id,
      headline: `Spa day number ${dealCounter}`,
      title: "Spa day",
      description: "A relaxing spa day.",
      urlPath: `/deal/london/beauty/spa/fixture-${dealCounter}-${Math.random().toString(36).slice(2)}`,
      images: [{ imageUrl: "/img/deal/beauty/1.svg", extension: "svg" }],
      price: 1900,
      originalPrice: 4500,
      discountPercentage: 57,
      closingDate: new Date("2030-01-01T00:00:00Z"),
      ...overrides,
    })
    .returning();
  await db.insert(products).values({
    dealId: deal.id,
    friendlyName: "Spa day for one",
    price: deal.price,
    originalPrice: deal.originalPrice,
    totalRemaining: 100,
  });
  return deal;
}

/** More of the tree for listing tests: a second beauty sub-category, a shop and a travel category. */
export async function insertMoreCategories(db: Db, basics: Awaited<ReturnType<typeof insertCatalogBasics>>) {
  const [massage] = await db
    .insert(categories)
    .values({ shortName: "massage", name: "Massage", kind: "local", parentId: basics.beauty.id, sortOrder: 1 })
    .returning();
  const [electricals] = await db.insert(categories).values({ shortName: "electricals", name: "Electricals", kind: "national" }).returning();
  const [audio] = await db
    .insert(categories)
    .values({ shortName: "audio", name: "Headphones & Audio", kind: "national", parentId: electricals.id })
    .returning();
  const [breaks] = await db.insert(categories).values({ shortName: "uk-breaks", name: "UK Breaks", kind: "travel" }).returning();
  const [spaBreaks] = await db
    .insert(categories)
    .values({ shortName: "spa-breaks", name: "Spa Breaks", kind: "travel", parentId: breaks.id })
    .returning();
  return { massage, electricals, audio, breaks, spaBreaks };
}

/** A market's header navigation: one category item per name, in this order. */
export async function insertNavigationItems(db: Db, countryCode: "GB" | "IE", names: readonly string[]): Promise<void> {
  await db.insert(navigationItems).values(
    names.map((name, index) => ({
      countryCode,
      kind: "category" as const,
      shortName: name.toLowerCase(),
      linkText: name,
      url: `/deals/${name.toLowerCase()}`,
      sortOrder: index,
    })),
  );
}
