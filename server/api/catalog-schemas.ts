/** Response shapes of the browsing API, in the spec's field names (money in minor units). */
import { z } from "@hono/zod-openapi";

const money = (example: number) => z.number().int().openapi({ example, description: "minor units (pence, cent)" });

export const DealImageSchema = z.object({ imageUrl: z.string(), extension: z.string() }).openapi("DealImage");

export const DealTileSchema = z
  .object({
    id: z.number().int().openapi({ example: 30000001 }),
    headline: z.string(),
    urlPath: z.string().openapi({ example: "/deal/london/beauty/spa/30000001/spa-day-for-two" }),
    dealType: z.enum(["local", "national", "travel"]),
    currency: z.enum(["GBP", "EUR"]),
    price: money(1900),
    originalPrice: money(4500),
    discountPercentage: z.number().int(),
    vipPrice: z.number().int().nullable(),
    vipDiscountPercentage: z.number().int().nullable(),
    vipDiscountAllowed: z.boolean(),
    showPrice: z.boolean(),
    showDiscount: z.boolean(),
    priceIndicative: z.boolean(),
    pricePerPerson: z.boolean(),
    priceText: z.string().nullable(),
    image: DealImageSchema.nullable(),
    soldOut: z.boolean(),
  })
  .openapi("DealTile");

export const FacetedNavigationSchema = z
  .object({
    navigations: z.array(z.object({ linkText: z.string(), shortName: z.string(), count: z.number().int(), url: z.string(), isActive: z.boolean() })),
    count: z.number().int(),
    category: z.string().nullable(),
    parentNavUrl: z.string().nullable(),
    defaultItem: z.object({ linkText: z.string(), url: z.string(), isActive: z.boolean() }),
    metaTitle: z.string(),
  })
  .openapi("FacetedNavigation");

export const DealsListSchema = z
  .object({
    deals: z.array(DealTileSchema),
    mainDeal: DealTileSchema.nullable(),
    sideDeals: z.array(DealTileSchema),
    canonicalUrl: z.string(),
    evergreenUrl: z.string().nullable(),
    facetedNavigation: FacetedNavigationSchema.nullable(),
    redirectUrl: z.string().nullable(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int().nullable(),
    total: z.number().int().nullable(),
  })
  .openapi("DealsList");

const AddressSchema = z
  .object({
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    town: z.string(),
    postCode: z.string(),
    latLon: z.object({ lat: z.number(), lon: z.number() }),
  })
  .openapi("Address");

/** A way to get a posted product, with its postage per unit (spec: productDeliveryOptions). */
export const DeliveryOptionSchema = z
  .object({
    method: z.enum(["standard", "next_day", "click_and_collect"]),
    label: z.string(),
    price: z.number().int(),
    collectFrom: z.string().optional().openapi({ description: "click and collect: the collection point" }),
  })
  .openapi("DeliveryOption");

const ProductSchema = z
  .object({
    id: z.number().int(),
    rowId: z.number().int().nullable(),
    columnId: z.number().int().nullable(),
    friendlyName: z.string(),
    price: money(1900),
    originalPrice: money(4500),
    totalPrice: money(1900),
    discountPercentage: z.number().int(),
    vipPrice: z.number().int().nullable(),
    vipExclusive: z.boolean(),
    adminFee: z.number().int(),
    soldOut: z.boolean(),
    totalRemaining: z.number().int().nullable(),
    purchaseCap: z.number().int().nullable(),
    dailyPurchaseCapReached: z.boolean(),
    weeklyPurchaseCapReached: z.boolean(),
    totalBought: z.number().int(),
    deliveryOptions: z.array(DeliveryOptionSchema).openapi({ description: "empty: the deal's single postage applies" }),
  })
  .openapi("Product");

const productDisplayType = z.enum(["dropdown", "default", "calendar"]);

export const DealSchema = z
  .object({
    id: z.number().int(),
    headline: z.string(),
    title: z.string(),
    description: z.string(),
    finePrint: z.string(),
    business: z.object({
      name: z.string(),
      displayName: z.string(),
      website: z.string().nullable(),
      vatNumber: z.string().nullable(),
      mainAddress: AddressSchema.nullable(),
      otherAddresses: z.array(AddressSchema),
    }),
    category: z.object({ id: z.number().int(), name: z.string(), shortName: z.string(), canonicalPathType: z.enum(["local", "national", "travel"]) }),
    subCategory: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }),
    location: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
    countryCode: z.enum(["GB", "IE"]),
    currency: z.enum(["GBP", "EUR"]),
    price: money(1900),
    originalPrice: money(4500),
    vipPrice: z.number().int().nullable(),
    vipDiscountPercentage: z.number().int().nullable(),
    discountPercentage: z.number().int(),
    discount: money(2600),
    pricePerPerson: z.boolean(),
    priceText: z.string().nullable(),
    priceIndicative: z.boolean(),
    minPostagePrice: z.number().int().nullable(),
    deliveryType: z.string(),
    dealType: z.enum(["local", "national", "travel"]),
    urlPath: z.string(),
    evergreenUrl: z.string().nullable(),
    images: z.array(DealImageSchema),
    reviews: z.array(z.object({ authorName: z.string(), rating: z.number().int(), body: z.string(), createdAt: z.string() })),
    reviewSummary: z.object({ average: z.number().nullable(), count: z.number().int() }),
    open: z.boolean(),
    closingDate: z.string(),
    soldOut: z.boolean(),
    enableBuyClosedDeal: z.boolean(),
    dailyPurchaseCapReached: z.boolean(),
    weeklyPurchaseCapReached: z.boolean(),
    totalRemainingForDay: z.number().int().nullable(),
    totalRemainingForWeek: z.number().int().nullable(),
    purchaseCap: z.number().int().nullable(),
    leadGen: z.boolean(),
    depositPrice: z.number().int().nullable(),
    depositAvailable: z.boolean(),
    highFraudRisk: z.boolean(),
    redemptionType: z.enum(["calendar", "call-to-book", "choose-your-flight", "mystery-travel", "standard", "standard-travel"]),
    productDisplay: z.object({
      type: productDisplayType,
      row: z.object({ header: z.string().nullable(), items: z.array(z.number().int()) }),
      column: z.object({ header: z.string().nullable(), items: z.array(z.number().int()) }),
    }),
    display: z.object({
      type: productDisplayType,
      discount: z.boolean(),
      showPrice: z.boolean(),
      earlyBird: z.boolean(),
      lastChance: z.boolean(),
      dynamicTravelDeal: z.boolean(),
      discountAmount: z.number().int(),
      priceText: z.string().nullable(),
      vipDiscountAllowed: z.boolean(),
    }),
    products: z.array(ProductSchema),
  })
  .openapi("Deal");

export const AvailabilitySchema = z
  .object({
    buyable: z.boolean(),
    reason: z.enum(["NO_DEAL", "SOLD_OUT", "CAP_REACHED", "ALL_PRODUCTS_CAPPED", "NOT_OPEN", "CLOSED"]).nullable(),
    message: z.string().nullable(),
  })
  .openapi("Availability");

export const DealResponseSchema = z.object({ deal: DealSchema, availability: AvailabilitySchema }).openapi("DealResponse");

export const DealPageResponseSchema = z
  .object({
    deal: DealSchema,
    availability: AvailabilitySchema,
    selectedProductId: z.number().int().nullable(),
    canonicalUrl: z.string(),
    redirectUrl: z.string().nullable(),
    robots: z.string(),
    sideDeals: z.array(DealTileSchema),
    deals: z.array(DealTileSchema),
  })
  .openapi("ProductDetailPageDeal");

const navigationFields = {
  id: z.number().int(),
  kind: z.enum(["local", "category", "travel", "vip", "gift", "link"]),
  shortName: z.string(),
  linkText: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  isLocal: z.boolean(),
  isLocalLink: z.boolean(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  categoryName: z.string().nullable(),
  count: z.number().int().nullable(),
};
// Navigation nests up to three levels (travel → category → sub-category).
const NavigationLeafSchema = z.object({ ...navigationFields, subNavigations: z.array(z.object(navigationFields)) });
const NavigationMiddleSchema = z.object({ ...navigationFields, subNavigations: z.array(NavigationLeafSchema) });
export const NavigationItemSchema = z.object({ ...navigationFields, subNavigations: z.array(NavigationMiddleSchema) }).openapi("NavigationItem");

export const SocialCueSchema = z
  .object({
    dealId: z.number().int(),
    count: z.number().int().nullable(),
    hours: z.number().int().nullable(),
    message: z.string().nullable().openapi({ example: "12 bought in the last 6 hours" }),
  })
  .openapi("SocialCue");
