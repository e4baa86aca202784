/**
 * Everything a deal page (and `/v1/deal/{id}`, `/v1/product-detail-page-deal`) shows about one
 * deal: the deal in the spec's field names, its products, addresses, latest reviews, cap state
 * and availability. A handful of small queries that run together; no per-product queries.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { preparedStatement } from "../../../db/prepared";
import type { Brand, CountryCode } from "../../../lib/brand";
import { type Currency, discountPercentage } from "../../../lib/money";
import { unitCharge } from "../rules/unit-charge";
import { CatalogError } from "../errors";
import {
  type Arrival,
  type UnavailableReason,
  UNAVAILABLE_MESSAGES,
  isLastChanceArrival,
  isOpenForDisplay,
  unavailableReason,
} from "../rules/availability";
import { dealPathSegment } from "../rules/deal-paths";
import type { ListingTarget } from "../rules/listing-path";
import { marketTimeZone } from "../../../lib/market-time";
import {
  type DealImage,
  type DealType,
  type ProductDeliveryOption,
  type ProductDisplayType,
  type RedemptionType,
  categories,
  dealBundleChildren,
  dealPreviewTokens,
  deals,
  locations,
  merchantAddresses,
  merchants,
  products,
  reviews,
} from "../schema";
import { bestSellerProductId } from "../rules/best-seller";
import { capSales } from "./sales";
import { withProduct } from "./urls";

export interface Address {
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  postCode: string;
  latLon: { lat: number; lon: number };
}

/** A product as stored (read as JSON with its deal). */
interface ProductRow {
  id: number;
  rowId: number | null;
  columnId: number | null;
  friendlyName: string;
  price: number;
  originalPrice: number;
  vipPrice: number | null;
  vipExclusive: boolean;
  adminFee: number;
  purchaseCap: number | null;
  totalRemaining: number | null;
  totalBought: number;
  soldOut: boolean;
  /** How a physical product reaches the shopper (delivery, click and collect); empty for vouchers. */
  deliveryOptions: ProductDeliveryOption[];
}

export interface DealProduct extends ProductRow {
  /** What one unit is charged: price plus the admin fee (`unitCharge`). */
  totalPrice: number;
  discountPercentage: number;
  dailyPurchaseCapReached: boolean;
  weeklyPurchaseCapReached: boolean;
}

/** One part of a bundle deal (spec: bundle.children[]). */
export interface BundleChild {
  name: string;
  businessName: string;
  vatNumber: string | null;
  locations: string[];
}

export interface DealReview {
  authorName: string;
  rating: number;
  body: string;
  createdAt: string;
}

/** The deal in spec discovery §3 field names; money in minor units of `currency`. */
export interface Deal {
  id: number;
  headline: string;
  title: string;
  description: string;
  finePrint: string;
  business: { name: string; displayName: string; website: string | null; vatNumber: string | null; mainAddress: Address | null; otherAddresses: Address[] };
  category: { id: number; name: string; shortName: string; canonicalPathType: DealType };
  subCategory: { id: number; name: string; shortName: string };
  location: { id: number; name: string; shortName: string } | null;
  countryCode: CountryCode;
  currency: Currency;
  price: number;
  originalPrice: number;
  vipPrice: number | null;
  vipDiscountPercentage: number | null;
  discountPercentage: number;
  /** Saving in minor units (original minus price). */
  discount: number;
  pricePerPerson: boolean;
  priceText: string | null;
  priceIndicative: boolean;
  minPostagePrice: number | null;
  deliveryType: string;
  dealType: DealType;
  urlPath: string;
  evergreenUrl: string | null;
  images: DealImage[];
  reviews: DealReview[];
  reviewSummary: { average: number | null; count: number };
  open: boolean;
  closingDate: string;
  soldOut: boolean;
  enableBuyClosedDeal: boolean;
  dailyPurchaseCapReached: boolean;
  weeklyPurchaseCapReached: boolean;
  totalRemainingForDay: number | null;
  totalRemainingForWeek: number | null;
  purchaseCap: number | null;
  leadGen: boolean;
  depositPrice: number | null;
  depositAvailable: boolean;
  highFraudRisk: boolean;
  redemptionType: RedemptionType;
  productDisplay: {
    type: ProductDisplayType;
    row: { header: string | null; items: number[] };
    column: { header: string | null; items: number[] };
  };
  display: {
    type: ProductDisplayType;
    discount: boolean;
    showPrice: boolean;
    earlyBird: boolean;
    lastChance: boolean;
    dynamicTravelDeal: boolean;
    discountAmount: number;
    priceText: string | null;
    vipDiscountAllowed: boolean;
  };
  products: DealProduct[];
  /** The promotion the deal runs under (spec: promoType.title); null when none. */
  promoType: { title: string } | null;
  /** A bundle deal's parts (spec: bundle.children[]); null for a deal that is not a bundle. */
  bundle: { children: BundleChild[] } | null;
  /** The option that sold the most (rules/best-seller.ts); null when the sales say no such thing. */
  bestSellerProductId: number | null;
  /** Spec: userDealInfo. Without a shopper, the deal's per-customer cap (pages fill in the signed-in shopper's own). */
  userDealInfo: { maxQuantityUserCanBuy: number | null };
}

export interface Availability {
  buyable: boolean;
  reason: UnavailableReason | null;
  message: string | null;
}

export interface DealPage {
  deal: Deal;
  /** The product named in the path, when it is one of the deal's. */
  selectedProductId: number | null;
  availability: Availability;
  /** Listing-wise open: closed deals still render (as unavailable), but are kept out of the index. */
  openForDisplay: boolean;
  canonicalUrl: string;
  /** The deal lives at another path (wrong location, category or travel name): move there. */
  redirectUrl: string | null;
  robots: string;
  preview: boolean;
}

export interface DealRequest {
  brand: Brand;
  now: Date;
  target: Extract<ListingTarget, { kind: "deal" }>;
  arrival: Arrival;
  /** A preview token (?dealPreview=…) lets an unpublished deal render. */
  previewToken: string | null;
}

const sub = alias(categories, "sub_category");

async function findEvergreenDealId(db: Db, countryCode: CountryCode, target: DealRequest["target"]): Promise<number | null> {
  if (!target.blurb) return null;
  const top = alias(categories, "top_category");
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(top, eq(top.id, deals.categoryId))
    .innerJoin(sub, eq(sub.id, deals.subCategoryId))
    .where(
      and(
        eq(deals.evergreenSlug, target.blurb),
        eq(deals.countryCode, countryCode),
        eq(deals.published, true),
        eq(deals.open, true),
        eq(top.shortName, target.category),
        eq(sub.shortName, target.subCategory),
      ),
    )
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(1);
  return row?.id ?? null;
}

/** Resolves a deal path (numeric id or evergreen) to the deal id it shows. */
export async function resolveDealId(db: Db, countryCode: CountryCode, target: DealRequest["target"]): Promise<number | null> {
  return target.dealId === "evergreen" ? findEvergreenDealId(db, countryCode, target) : target.dealId;
}

export async function getDealPage(db: Db, request: DealRequest): Promise<DealPage> {
  const { brand, target, now } = request;
  const dealId = await resolveDealId(db, brand.countryCode, target);
  if (dealId === null) throw new CatalogError("DEAL_NOT_FOUND");

  const [row, preview] = await Promise.all([
    selectDeal(db, dealId, brand.countryCode),
    request.previewToken ? validPreview(db, request.previewToken, dealId, now) : Promise.resolve(false),
  ]);
  if (!row || (!row.published && !preview)) throw new CatalogError("DEAL_NOT_FOUND");
  const { productRows, addressRows, reviewRows } = row;

  const timeZone = marketTimeZone(brand.countryCode);
  const caps = await capSales(db, { dealId, dailyCap: row.dailyCap, weeklyCap: row.weeklyCap, now, timeZone });
  const dealProducts: DealProduct[] = productRows.map((p) => ({
    ...p,
    totalPrice: unitCharge(p, false).price,
    discountPercentage: discountPercentage(p.price, p.originalPrice),
    // The deal-wide caps cover every product.
    dailyPurchaseCapReached: caps.dailyReached,
    weeklyPurchaseCapReached: caps.weeklyReached,
  }));

  const [mainAddress, ...otherAddresses] = addressRows.map(toAddress);
  const segment = dealPathSegment({ dealType: row.dealType, countryCode: row.countryCode, locationShortName: row.locationShortName });
  const evergreenUrl = row.evergreenSlug ? `/deal/${segment}/${row.categoryShortName}/${row.subCategoryShortName}/e/${row.evergreenSlug}` : null;
  const deal: Deal = {
    id: row.id,
    headline: row.headline,
    title: row.title,
    description: row.description,
    finePrint: row.finePrint,
    business: {
      name: row.businessName,
      displayName: row.displayName,
      website: row.website,
      vatNumber: row.vatNumber,
      mainAddress: mainAddress ?? null,
      otherAddresses,
    },
    category: { id: row.categoryId, name: row.categoryName, shortName: row.categoryShortName, canonicalPathType: row.dealType },
    subCategory: { id: row.subCategoryId, name: row.subCategoryName, shortName: row.subCategoryShortName },
    location: row.locationId === null ? null : { id: row.locationId, name: row.locationName ?? "", shortName: row.locationShortName ?? "" },
    countryCode: row.countryCode,
    currency: row.currency,
    price: row.price,
    originalPrice: row.originalPrice,
    vipPrice: row.vipPrice,
    vipDiscountPercentage: row.vipDiscountPercentage,
    discountPercentage: row.discountPercentage,
    discount: Math.max(0, row.originalPrice - row.price),
    pricePerPerson: row.pricePerPerson,
    priceText: row.priceText,
    priceIndicative: row.priceIndicative,
    minPostagePrice: row.minPostagePrice,
    deliveryType: row.deliveryType,
    dealType: row.dealType,
    urlPath: row.urlPath,
    evergreenUrl,
    images: row.images,
    reviews: reviewRows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    reviewSummary: { average: row.reviewAverage === null ? null : Number(row.reviewAverage), count: row.reviewCount },
    open: row.open,
    closingDate: row.closingDate.toISOString(),
    soldOut: row.soldOut,
    enableBuyClosedDeal: row.enableBuyClosedDeal,
    dailyPurchaseCapReached: caps.dailyReached,
    weeklyPurchaseCapReached: caps.weeklyReached,
    totalRemainingForDay: caps.remainingForDay,
    totalRemainingForWeek: caps.remainingForWeek,
    purchaseCap: row.purchaseCap,
    leadGen: row.leadGen,
    depositPrice: row.depositPrice,
    depositAvailable: row.depositPrice !== null,
    highFraudRisk: row.highFraudRisk,
    redemptionType: row.redemptionType,
    productDisplay: {
      type: row.productDisplayType,
      row: { header: row.productRowHeader, items: distinct(dealProducts.map((p) => p.rowId)) },
      column: { header: row.productColumnHeader, items: distinct(dealProducts.map((p) => p.columnId)) },
    },
    display: {
      type: row.productDisplayType,
      discount: row.showDiscount,
      showPrice: row.showPrice,
      earlyBird: row.earlyBird,
      lastChance: row.lastChance,
      dynamicTravelDeal: false,
      discountAmount: Math.max(0, row.originalPrice - row.price),
      priceText: row.priceText,
      vipDiscountAllowed: row.vipDiscountAllowed,
    },
    products: dealProducts,
    promoType: row.promoTypeTitle ? { title: row.promoTypeTitle } : null,
    bundle: row.bundleRows.length > 0 ? { children: row.bundleRows.map((child) => ({ ...child, locations: child.locations ?? [] })) } : null,
    bestSellerProductId: bestSellerProductId(dealProducts),
    userDealInfo: { maxQuantityUserCanBuy: row.purchaseCap },
  };

  const context = { now, timeZone, lastChanceArrival: isLastChanceArrival(request.arrival) };
  const reason = unavailableReason(
    {
      open: row.open,
      soldOut: row.soldOut,
      closingDate: row.closingDate,
      lastChance: row.lastChance,
      enableBuyClosedDeal: row.enableBuyClosedDeal,
      dailyPurchaseCapReached: caps.dailyReached,
      weeklyPurchaseCapReached: caps.weeklyReached,
      products: dealProducts,
    },
    context,
  );
  const openForDisplay = isOpenForDisplay({ open: row.open, closingDate: row.closingDate, lastChance: row.lastChance }, context);
  const selectedProductId = dealProducts.some((p) => p.id === target.productId) ? target.productId : null;
  const misplaced =
    target.dealId !== "evergreen" &&
    (segment !== target.segment || target.category !== row.categoryShortName || target.subCategory !== row.subCategoryShortName);
  const productPart = selectedProductId ? `/${selectedProductId}` : "";
  const canonicalUrl = target.dealId === "evergreen" && evergreenUrl ? evergreenUrl : row.urlPath;
  return {
    deal,
    selectedProductId,
    availability: { buyable: reason === null, reason, message: reason ? UNAVAILABLE_MESSAGES[reason] : null },
    openForDisplay,
    canonicalUrl,
    redirectUrl: misplaced || (target.productId !== null && selectedProductId === null) ? withProduct(row.urlPath, productPart) : null,
    robots: preview || !row.published || !openForDisplay ? "NOINDEX, NOFOLLOW" : "INDEX, FOLLOW",
    preview: !row.published,
  };
}

function distinct(values: (number | null)[]): number[] {
  return [...new Set(values.filter((v): v is number => v !== null))].sort((a, b) => a - b);
}

function toAddress(row: AddressRow): Address {
  return { addressLine1: row.addressLine1, addressLine2: row.addressLine2, town: row.town, postCode: row.postCode, latLon: { lat: row.lat, lon: row.lon } };
}

interface AddressRow {
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  postCode: string;
  lat: number;
  lon: number;
}

interface ReviewRow {
  authorName: string;
  rating: number;
  body: string;
  createdAt: string;
}

/** The deal's visible products, its merchant's addresses (main first) and its 5 latest reviews, as JSON in the deal's row. */
const productsJson = sql<ProductRow[]>`coalesce((select json_agg(json_build_object(
  'id', ${products.id}, 'rowId', ${products.rowId}, 'columnId', ${products.columnId}, 'friendlyName', ${products.friendlyName},
  'price', ${products.price}, 'originalPrice', ${products.originalPrice}, 'vipPrice', ${products.vipPrice},
  'vipExclusive', ${products.vipExclusive}, 'adminFee', ${products.adminFee}, 'purchaseCap', ${products.purchaseCap},
  'totalRemaining', ${products.totalRemaining}, 'totalBought', ${products.totalBought}, 'soldOut', ${products.soldOut},
  'deliveryOptions', ${products.deliveryOptions}
) order by ${products.sortOrder}, ${products.id}) from ${products} where ${products.dealId} = ${deals.id} and ${products.visible}), '[]'::json)`;

const addressesJson = sql<AddressRow[]>`coalesce((select json_agg(json_build_object(
  'addressLine1', ${merchantAddresses.addressLine1}, 'addressLine2', ${merchantAddresses.addressLine2}, 'town', ${merchantAddresses.town},
  'postCode', ${merchantAddresses.postCode}, 'lat', ${merchantAddresses.lat}, 'lon', ${merchantAddresses.lon}
) order by ${merchantAddresses.isMain} desc, ${merchantAddresses.id}) from ${merchantAddresses} where ${merchantAddresses.merchantId} = ${deals.merchantId}), '[]'::json)`;

const reviewsJson = sql<ReviewRow[]>`coalesce((select json_agg(latest) from (
  select ${reviews.authorName} as "authorName", ${reviews.rating} as "rating", ${reviews.body} as "body", ${reviews.createdAt} as "createdAt"
  from ${reviews} where ${reviews.dealId} = ${deals.id} order by ${reviews.createdAt} desc limit 5
) latest), '[]'::json)`;

const bundleJson = sql<BundleChild[]>`coalesce((select json_agg(json_build_object(
  'name', ${dealBundleChildren.name}, 'businessName', ${dealBundleChildren.businessName}, 'vatNumber', ${dealBundleChildren.vatNumber},
  'locations', ${dealBundleChildren.locations}
) order by ${dealBundleChildren.position}) from ${dealBundleChildren} where ${dealBundleChildren.dealId} = ${deals.id}), '[]'::json)`;

async function validPreview(db: Db, token: string, dealId: number, now: Date): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return false;
  const [row] = await db
    .select({ dealId: dealPreviewTokens.dealId })
    .from(dealPreviewTokens)
    .where(and(eq(dealPreviewTokens.token, token), eq(dealPreviewTokens.dealId, dealId), gt(dealPreviewTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

const dealDetail = preparedStatement((db: Db) =>
  db
    .select({
      id: deals.id,
      countryCode: deals.countryCode,
      currency: deals.currency,
      dealType: deals.dealType,
      headline: deals.headline,
      title: deals.title,
      description: deals.description,
      finePrint: deals.finePrint,
      urlPath: deals.urlPath,
      images: deals.images,
      price: deals.price,
      originalPrice: deals.originalPrice,
      vipPrice: deals.vipPrice,
      discountPercentage: deals.discountPercentage,
      vipDiscountPercentage: deals.vipDiscountPercentage,
      depositPrice: deals.depositPrice,
      minPostagePrice: deals.minPostagePrice,
      deliveryType: deals.deliveryType,
      priceText: deals.priceText,
      priceIndicative: deals.priceIndicative,
      pricePerPerson: deals.pricePerPerson,
      showPrice: deals.showPrice,
      showDiscount: deals.showDiscount,
      vipDiscountAllowed: deals.vipDiscountAllowed,
      earlyBird: deals.earlyBird,
      lastChance: deals.lastChance,
      open: deals.open,
      published: deals.published,
      soldOut: deals.soldOut,
      enableBuyClosedDeal: deals.enableBuyClosedDeal,
      closingDate: deals.closingDate,
      purchaseCap: deals.purchaseCap,
      dailyCap: deals.dailyCap,
      weeklyCap: deals.weeklyCap,
      productDisplayType: deals.productDisplayType,
      productRowHeader: deals.productRowHeader,
      productColumnHeader: deals.productColumnHeader,
      redemptionType: deals.redemptionType,
      highFraudRisk: deals.highFraudRisk,
      leadGen: deals.leadGen,
      reviewCount: deals.reviewCount,
      reviewAverage: deals.reviewAverage,
      evergreenSlug: deals.evergreenSlug,
      promoTypeTitle: deals.promoTypeTitle,
      bundleRows: bundleJson,
      locationId: deals.locationId,
      locationName: locations.name,
      locationShortName: locations.shortName,
      categoryId: deals.categoryId,
      categoryName: categories.name,
      categoryShortName: categories.shortName,
      subCategoryId: deals.subCategoryId,
      subCategoryName: sub.name,
      subCategoryShortName: sub.shortName,
      businessName: merchants.businessName,
      displayName: merchants.displayName,
      website: merchants.website,
      vatNumber: merchants.vatNumber,
      productRows: productsJson,
      addressRows: addressesJson,
      reviewRows: reviewsJson,
    })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(sub, eq(sub.id, deals.subCategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(locations, eq(locations.id, deals.locationId))
    // Gift presets are basket products, not deals to show (not even with a preview token).
    .where(and(eq(deals.id, sql.placeholder("dealId")), eq(deals.countryCode, sql.placeholder("countryCode")), isNull(deals.giftPreset)))
    .limit(1)
    .prepare("deal_detail"),
);

async function selectDeal(db: Db, dealId: number, countryCode: CountryCode) {
  const [row] = await dealDetail(db).execute({ dealId, countryCode });
  return row ?? null;
}
