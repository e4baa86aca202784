import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { currencyForCountry } from "../../lib/brand";
import { cheapestPostage, type DealDelivery, dealDeliveryOf, deliveryOptionsFor } from "./rules/delivery-options";
import { leadPriceColumns } from "./rules/unit-charge";
import { type DealImage, type DealStatus, categories, deals, locations, merchants, products } from "./schema";

/** One option (product) as the back office writes it; money in minor units. */
export interface DealOptionInput {
  /** The product being changed; null for a new option. */
  id: number | null;
  title: string;
  price: number;
  originalPrice: number;
  vipPrice: number | null;
  adminFee: number;
  /** Units left to sell; null: not limited. */
  stock: number | null;
  /** Per-customer cap on this option; null: none. */
  purchaseCap: number | null;
}

/** Everything the deal editor writes (local and national deals; travel's nights are edited elsewhere). */
export interface DealInput {
  headline: string;
  title: string;
  description: string;
  finePrint: string;
  dealType: "local" | "national";
  countryCode: CountryCode;
  locationId: number | null;
  subCategoryId: number;
  merchantId: number;
  redemptionType: "standard" | "call-to-book";
  promoTypeTitle: string | null;
  vipEarlyAccessUntil: Date | null;
  closingDate: Date;
  pricePerPerson: boolean;
  /** Orders of the deal wait for fraud review (docs/decisions/fraud-review.md). */
  highFraudRisk: boolean;
  vipDiscountAllowed: boolean;
  dailyCap: number | null;
  weeklyCap: number | null;
  purchaseCap: number | null;
  /** Paid now for each unit when the shopper chooses to pay a deposit (the rest later); null: no deposit. Below every option's price. */
  depositPrice: number | null;
  /** How the goods reach the shopper, the same for every option; null: a voucher only, nothing posted. */
  delivery: DealDelivery | null;
  options: DealOptionInput[];
}

/** A deal as the editor shows it, with its options (visible and hidden) in their order. */
export interface EditableDeal extends Omit<DealInput, "dealType" | "redemptionType"> {
  id: number;
  status: DealStatus;
  dealType: string;
  redemptionType: string;
  currency: "GBP" | "EUR";
  urlPath: string;
  images: DealImage[];
  categoryId: number;
  /** Options a shopper can no longer choose (removed in the editor) are left out. */
  options: (DealOptionInput & { id: number })[];
  /** What the price display rules read (rules/price-display.ts), as stored. */
  display: {
    price: number;
    originalPrice: number;
    vipPrice: number | null;
    discountPercentage: number;
    vipDiscountPercentage: number | null;
    showPrice: boolean;
    showDiscount: boolean;
    priceIndicative: boolean;
    priceText: string | null;
  };
}

/** A reference the editor names that does not exist or does not fit, by the form's field name. */
export type ReferenceProblems = Partial<Record<"locationId" | "subCategoryId" | "merchantId", string>>;

/** Checks the location, sub-category and merchant a deal names: they exist and fit its type and market. */
export async function checkDealReferences(
  db: Db,
  input: Pick<DealInput, "dealType" | "countryCode" | "locationId" | "subCategoryId" | "merchantId">,
): Promise<{ problems: ReferenceProblems; categoryId: number; segment: string; path: string }> {
  const problems: ReferenceProblems = {};
  const [sub] = await db.select().from(categories).where(eq(categories.id, input.subCategoryId));
  const [top] = sub?.parentId ? await db.select().from(categories).where(eq(categories.id, sub.parentId)) : [];
  if (!sub || !top) problems.subCategoryId = "Choose a sub-category from the list.";
  else if (sub.kind !== input.dealType) problems.subCategoryId = `That sub-category is for ${sub.kind} deals: choose one of the ${input.dealType} categories.`;
  let segment = "shop";
  if (input.locationId !== null) {
    const [location] = await db.select().from(locations).where(eq(locations.id, input.locationId));
    if (!location) problems.locationId = "Choose a location from the list.";
    else if (location.countryCode !== input.countryCode) problems.locationId = `${location.name} is not in the market chosen: choose a location there or change the market.`;
    else segment = location.shortName;
  }
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
  if (!merchant) problems.merchantId = "There is no merchant with that id.";
  return { problems, categoryId: top?.id ?? 0, segment, path: top && sub ? `${top.shortName}/${sub.shortName}` : "" };
}

/** A deal's slug for its URL, from its headline. */
export function dealSlug(headline: string): string {
  const slug = headline
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "deal";
}

/** The lead (cheapest to buy) option's prices, fee included, which listings and tiles show as "from". */
function leadPrices(options: readonly DealOptionInput[]) {
  const charged = (option: DealOptionInput) => option.price + option.adminFee;
  return leadPriceColumns(options.reduce((best, option) => (charged(option) < charged(best) ? option : best), options[0]));
}

function dealColumns(input: DealInput, categoryId: number) {
  return {
    countryCode: input.countryCode,
    currency: currencyForCountry(input.countryCode),
    dealType: input.dealType,
    locationId: input.locationId,
    categoryId,
    subCategoryId: input.subCategoryId,
    merchantId: input.merchantId,
    headline: input.headline,
    title: input.title,
    description: input.description,
    finePrint: input.finePrint,
    redemptionType: input.redemptionType,
    promoTypeTitle: input.promoTypeTitle,
    vipEarlyAccessUntil: input.vipEarlyAccessUntil,
    closingDate: input.closingDate,
    pricePerPerson: input.pricePerPerson,
    highFraudRisk: input.highFraudRisk,
    vipDiscountAllowed: input.vipDiscountAllowed,
    dailyCap: input.dailyCap,
    weeklyCap: input.weeklyCap,
    purchaseCap: input.purchaseCap,
    depositPrice: input.depositPrice,
    deliveryType: input.delivery ? "standard" : "none",
    minPostagePrice: input.delivery ? cheapestPostage(deliveryOptionsFor(input.delivery)) : null,
    ...leadPrices(input.options),
  };
}

function productColumns(option: DealOptionInput, sortOrder: number, delivery: DealDelivery | null) {
  return {
    deliveryOptions: delivery ? deliveryOptionsFor(delivery) : [],
    friendlyName: option.title,
    price: option.price,
    originalPrice: option.originalPrice,
    vipPrice: option.vipPrice,
    adminFee: option.adminFee,
    totalRemaining: option.stock,
    purchaseCap: option.purchaseCap,
    soldOut: option.stock === 0,
    sortOrder,
  };
}

/** Writes a new draft deal and its options; answers its id. Its URL follows the seed's shape (/deal/{segment}/{category}/{sub}/{id}/{slug}). */
export async function insertDraftDeal(tx: Db, input: DealInput, place: { categoryId: number; segment: string; path: string }, at: Date, images: DealImage[] = []): Promise<number> {
  const [row] = await tx
    .insert(deals)
    .values({
      ...dealColumns(input, place.categoryId),
      urlPath: `/draft/${crypto.randomUUID()}`,
      images,
      status: "draft",
      published: false,
      open: true,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: deals.id });
  await tx
    .update(deals)
    .set({ urlPath: `/deal/${place.segment}/${place.path}/${row.id}/${dealSlug(input.headline)}` })
    .where(eq(deals.id, row.id));
  await tx.insert(products).values(input.options.map((option, index) => ({ ...productColumns(option, index, input.delivery), dealId: row.id })));
  return row.id;
}

/**
 * Writes many new draft deals and their options with one INSERT for the deals, one UPDATE for their
 * URLs and one INSERT for the options (the bulk import's batches); answers their ids in order. Each
 * URL is written with a unique marker where the id goes, then the marker is swapped for the id.
 */
export async function insertDraftDeals(tx: Db, drafts: readonly { input: DealInput; place: { categoryId: number; segment: string; path: string } }[], at: Date): Promise<number[]> {
  if (drafts.length === 0) return [];
  const marked = drafts.map(({ input, place }) => `/deal/${place.segment}/${place.path}/~${crypto.randomUUID()}/${dealSlug(input.headline)}`);
  const rows = await tx
    .insert(deals)
    .values(
      drafts.map(({ input, place }, index) => ({
        ...dealColumns(input, place.categoryId),
        urlPath: marked[index],
        images: [],
        status: "draft" as const,
        published: false,
        open: true,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: deals.id, urlPath: deals.urlPath });
  const idOf = new Map(rows.map((row) => [row.urlPath, row.id]));
  const ids = marked.map((path) => idOf.get(path)!);
  await tx
    .update(deals)
    .set({ urlPath: sql`regexp_replace(${deals.urlPath}, '/~[0-9a-f-]{36}/', '/' || ${deals.id} || '/')` })
    .where(inArray(deals.id, ids));
  await tx
    .insert(products)
    .values(drafts.flatMap(({ input }, index) => input.options.map((option, order) => ({ ...productColumns(option, order, input.delivery), dealId: ids[index] }))));
  return ids;
}

/**
 * Changes a deal and its options under a row lock. Options named by id are changed in place (their
 * sales history stays with them); new ones are added; options left out are hidden and disabled, never
 * deleted, since orders and baskets point at them. The URL keeps its slug, so shared links work.
 */
export async function updateEditedDeal(tx: Db, dealId: number, input: DealInput, place: { categoryId: number; segment: string; path: string }, at: Date): Promise<void> {
  const [current] = await tx.select({ urlPath: deals.urlPath }).from(deals).where(eq(deals.id, dealId));
  const slug = current.urlPath.split("/").at(-1) || dealSlug(input.headline);
  await tx
    .update(deals)
    .set({ ...dealColumns(input, place.categoryId), urlPath: `/deal/${place.segment}/${place.path}/${dealId}/${slug}`, updatedAt: at })
    .where(eq(deals.id, dealId));
  const kept: number[] = [];
  for (const [index, option] of input.options.entries()) {
    if (option.id !== null) {
      // Whether an option is switched off (disabled) is not the editor's to change: kept as it is.
      await tx
        .update(products)
        .set(productColumns(option, index, input.delivery))
        .where(and(eq(products.id, option.id), eq(products.dealId, dealId)));
      kept.push(option.id);
    } else {
      const [created] = await tx
        .insert(products)
        .values({ ...productColumns(option, index, input.delivery), dealId })
        .returning({ id: products.id });
      kept.push(created.id);
    }
  }
  await tx
    .update(products)
    .set({ visible: false, disabled: true })
    .where(and(eq(products.dealId, dealId), kept.length > 0 ? notInArray(products.id, kept) : undefined));
}

/** A deal and its shown options as the editor reads them; `lock` takes the deal's row lock (in a transaction). */
export async function readEditableDeal(db: Db, dealId: number, lock = false): Promise<EditableDeal | null> {
  const query = db.select().from(deals).where(eq(deals.id, dealId));
  const [deal] = lock ? await query.for("update") : await query;
  if (!deal) return null;
  const options = await db
    .select()
    .from(products)
    .where(and(eq(products.dealId, dealId), eq(products.visible, true)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return {
    id: deal.id,
    status: deal.status,
    currency: deal.currency,
    urlPath: deal.urlPath,
    images: deal.images,
    headline: deal.headline,
    title: deal.title,
    description: deal.description,
    finePrint: deal.finePrint,
    dealType: deal.dealType,
    countryCode: deal.countryCode,
    locationId: deal.locationId,
    categoryId: deal.categoryId,
    subCategoryId: deal.subCategoryId,
    merchantId: deal.merchantId,
    redemptionType: deal.redemptionType,
    promoTypeTitle: deal.promoTypeTitle,
    vipEarlyAccessUntil: deal.vipEarlyAccessUntil,
    closingDate: deal.closingDate,
    pricePerPerson: deal.pricePerPerson,
    highFraudRisk: deal.highFraudRisk,
    vipDiscountAllowed: deal.vipDiscountAllowed,
    dailyCap: deal.dailyCap,
    weeklyCap: deal.weeklyCap,
    purchaseCap: deal.purchaseCap,
    depositPrice: deal.depositPrice,
    delivery: deal.deliveryType === "none" ? null : dealDeliveryOf(options[0]?.deliveryOptions ?? [], deal.minPostagePrice),
    display: {
      price: deal.price,
      originalPrice: deal.originalPrice,
      vipPrice: deal.vipPrice,
      discountPercentage: deal.discountPercentage,
      vipDiscountPercentage: deal.vipDiscountPercentage,
      showPrice: deal.showPrice,
      showDiscount: deal.showDiscount,
      priceIndicative: deal.priceIndicative,
      priceText: deal.priceText,
    },
    options: options.map((product) => ({
      id: product.id,
      title: product.friendlyName,
      price: product.price,
      originalPrice: product.originalPrice,
      vipPrice: product.vipPrice,
      adminFee: product.adminFee,
      stock: product.totalRemaining,
      purchaseCap: product.purchaseCap,
    })),
  };
}

/** Product ids of a deal among those given (an edit may only change the deal's own options). */
export async function productsOfDeal(db: Db, dealId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.dealId, dealId), inArray(products.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
