import type { Db } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { categories, merchants } from "../../modules/catalog/schema";
import { indexAllDeals } from "../../modules/search/index-deals";
import { sponsoredCampaigns } from "../../modules/sponsored/schema";
import { insertCatalogBasics, insertDeal } from "./catalog-fixtures";

/** The instant search tests run at: the fixture deals close in 2030, the closed ones in 2026-11. */
export const SEARCH_NOW = "2026-11-21T12:00:00Z";

/**
 * A small, fixed catalogue for search tests: London, Manchester and Dublin; spa, restaurant,
 * national and travel deals; closed, last-chance and unpublished ones. Indexed for search.
 */
export async function insertSearchCatalogue(db: Db) {
  const basics = await insertCatalogBasics(db);
  const [food] = await db.insert(categories).values({ shortName: "food-and-drink", name: "Food & Drink", kind: "local" }).returning();
  const [restaurants] = await db
    .insert(categories)
    .values({ shortName: "restaurants", name: "Restaurants", kind: "local", parentId: food.id })
    .returning();
  const [ukBreaks] = await db.insert(categories).values({ shortName: "uk-breaks", name: "UK Breaks", kind: "travel" }).returning();
  const [cityBreaks] = await db
    .insert(categories)
    .values({ shortName: "city-breaks", name: "City Breaks", kind: "travel", parentId: ukBreaks.id })
    .returning();
  const [oliveTree, hawksmoor, dublinSpa, hotels] = await db
    .insert(merchants)
    .values([
      { businessName: "Olive Tree Trading Ltd", displayName: "The Olive Tree" },
      { businessName: "Grill House Ltd", displayName: "Grill House" },
      { businessName: "Liffey Spa Ltd", displayName: "Liffey Day Spa" },
      { businessName: "Northern Hotels plc", displayName: "Northern Hotels" },
    ])
    .returning();

  const restaurant = { categoryId: food.id, subCategoryId: restaurants.id };
  const deals = {
    exactSpa: await insertDeal(db, basics, { headline: "Spa Day for Two at Serenity Spa, Soho", title: "Spa Day for Two", totalBought: 10 }),
    luxurySpa: await insertDeal(db, basics, {
      headline: "Luxury Spa Day for Two at Serenity Spa, Soho with Prosecco and Spa Treatments",
      title: "Luxury Spa Day for Two with Prosecco",
      totalBought: 900,
      price: 4900,
      originalPrice: 12000,
    }),
    manchesterDinner: await insertDeal(db, basics, {
      ...restaurant,
      merchantId: oliveTree.id,
      locationId: 275851,
      headline: "Three-Course Italian Dinner for Two at The Olive Tree Restaurant, Deansgate",
      title: "Italian Dinner for Two at The Olive Tree",
      totalBought: 300,
      price: 2900,
      originalPrice: 6000,
    }),
    londonSteak: await insertDeal(db, basics, {
      ...restaurant,
      merchantId: hawksmoor.id,
      headline: "Steak Dinner and Wine for Two at Grill House Restaurant, Covent Garden",
      title: "Steak Dinner for Two at Grill House",
      totalBought: 500,
      price: 3500,
      originalPrice: 7000,
    }),
    cityBreak: await insertDeal(db, basics, {
      categoryId: ukBreaks.id,
      subCategoryId: cityBreaks.id,
      merchantId: hotels.id,
      dealType: "travel",
      locationId: null,
      headline: "Manchester City Break with Breakfast for Two",
      title: "Manchester City Break",
      totalBought: 50,
      price: 6900,
      originalPrice: 14000,
    }),
    dublinSpa: await insertDeal(db, basics, {
      merchantId: dublinSpa.id,
      countryCode: "IE",
      currency: "EUR",
      locationId: 275859,
      headline: "Spa Day for Two at Liffey Day Spa, Dublin",
      title: "Spa Day for Two at Liffey Day Spa",
      totalBought: 700,
    }),
    closedSpa: await insertDeal(db, basics, {
      headline: "Spa Evening at Serenity Spa (ended)",
      closingDate: new Date("2026-11-10T12:00:00Z"),
      totalBought: 5000,
    }),
    lastChanceSpa: await insertDeal(db, basics, {
      headline: "Last Chance Spa Retreat at Serenity Spa",
      closingDate: new Date("2026-11-10T12:00:00Z"),
      lastChance: true,
      totalBought: 1,
    }),
    hiddenSpa: await insertDeal(db, basics, { headline: "Preview Spa Package at Serenity Spa", published: false, totalBought: 5000 }),
  };
  await indexAllDeals(db, fixedClock(SEARCH_NOW));
  return { basics, categories: { food, restaurants, ukBreaks, cityBreaks }, deals };
}

export type SearchCatalogue = Awaited<ReturnType<typeof insertSearchCatalogue>>;

/** A running sponsored campaign; override anything. */
export async function insertCampaign(db: Db, values: Partial<typeof sponsoredCampaigns.$inferInsert> & { adId: string; dealId: number }) {
  const [campaign] = await db
    .insert(sponsoredCampaigns)
    .values({
      keywords: [],
      categoryIds: [],
      bid: 50,
      dailyBudget: 10_000,
      startsAt: new Date("2026-01-01T00:00:00Z"),
      ...values,
    })
    .returning();
  return campaign;
}
