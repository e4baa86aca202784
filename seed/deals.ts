import { currencyForCountry } from "../lib/brand";
import { type Currency, discountPercentage } from "../lib/money";
import type {
  DealImage,
  DealType,
  ProductDisplayType,
  RedemptionType,
  deals,
} from "../modules/catalog/schema";
import { dealImagePath } from "../lib/deal-pictures/urls";
import type { SeedTopCategory } from "./data/categories";
import type { SeedLocation } from "./data/locations";
import { DESCRIPTION_INTROS, DESCRIPTION_REASONS, FINE_PRINT, SUB_CATEGORY_WORDS, type SizeSetName } from "./data/words";
import { type MerchantChoice, MerchantFactory, type MerchantRef } from "./merchants";
import { QuotaPool, dealTypePool, planDealTypes, planLocationQuotas } from "./plan";
import { leadPriceColumns } from "../modules/catalog/rules/unit-charge";
import { type NewProduct, type ProductOptions, leadProduct, planProducts, stockProducts } from "./products";
import type { Random } from "./random";
import { type NewReview, generateReviews } from "./reviews";
import { article, blurb, capitalise, fill, headlinePrice, joinOr } from "./text";

export type NewDeal = typeof deals.$inferInsert & { id: number };

export interface GeneratedDeal {
  deal: NewDeal;
  products: (NewProduct & { id: number })[];
  /** The sub-category's short name, for tagging. */
  subCategory: string;
  reviews: NewReview[];
  /** A merchant first used by this deal, to insert before it. */
  newMerchant?: MerchantChoice["created"];
}

export interface DealGeneratorOptions {
  rng: Random;
  now: Date;
  total: number;
  categories: readonly SeedTopCategory[];
  locations: readonly SeedLocation[];
  firstDealId: number;
  firstProductId: number;
  firstMerchantId: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Share of national and travel deals sold in the Irish market (local ones follow their location). */
const IRISH_SHARE = 0.1;
const IMAGE_VARIANTS = [1, 2, 3, 4, 5, 6];
/** Every n-th deal also answers at an evergreen URL (…/e/{slug}); chosen by id so the random stream is untouched. */
const EVERGREEN_EVERY = 23;

const COLUMN_HEADERS: Record<SizeSetName, string | null> = {
  people: "People",
  players: "Players",
  sessions: "Sessions",
  months: "Membership",
  colours: "Colour",
  packs: "Pack size",
  clothing: "Size",
  bedSizes: "Bed size",
  single: null,
};

/**
 * Produces deals one at a time from a single random stream, so the same seed gives the same
 * catalogue however the caller batches the inserts. Ids are assigned here, in order.
 */
export class DealGenerator {
  private readonly rng: Random;
  private readonly now: number;
  private readonly types: QuotaPool<DealType>;
  private readonly localLocations: QuotaPool<SeedLocation>;
  private readonly topsByKind: Record<DealType, SeedTopCategory[]>;
  private readonly locationsByCountry: Record<"GB" | "IE", SeedLocation[]>;
  private readonly merchants: MerchantFactory;
  private nextDealId: number;
  private nextProductId: number;

  constructor(options: DealGeneratorOptions) {
    this.rng = options.rng;
    this.now = options.now.getTime();
    const plan = planDealTypes(options.total, options.locations.length);
    this.types = dealTypePool(plan);
    this.localLocations = new QuotaPool(options.locations, planLocationQuotas(plan.local, options.locations));
    this.topsByKind = {
      local: options.categories.filter((c) => c.kind === "local"),
      national: options.categories.filter((c) => c.kind === "national"),
      travel: options.categories.filter((c) => c.kind === "travel"),
    };
    this.locationsByCountry = {
      GB: options.locations.filter((l) => l.countryCode === "GB"),
      IE: options.locations.filter((l) => l.countryCode === "IE"),
    };
    this.merchants = new MerchantFactory(options.firstMerchantId);
    this.nextDealId = options.firstDealId;
    this.nextProductId = options.firstProductId;
  }

  next(): GeneratedDeal {
    const rng = this.rng;
    const id = this.nextDealId++;
    const type = this.types.draw(rng);
    const location = type === "local" ? this.localLocations.draw(rng) : undefined;
    const countryCode = location?.countryCode ?? (rng.chance(IRISH_SHARE) ? "IE" : "GB");
    const currency = currencyForCountry(countryCode);
    const top = rng.weighted(this.topsByKind[type], (c) => c.weight);
    const sub = rng.weighted(top.children, (c) => c.weight);
    const words = SUB_CATEGORY_WORDS[sub.shortName];

    const merchantChoice = this.merchants.forDeal(rng, {
      key: `${location?.id ?? countryCode}:${sub.shortName}`,
      kind: type,
      countryCode,
      nouns: words.merchantNouns,
      location,
      marketLocations: this.locationsByCountry[countryCode],
      places: words.places,
    });
    const merchant = merchantChoice.ref;
    const itemTemplate = rng.pick(words.items);
    const item = fill(itemTemplate, { place: merchant.area });

    const vip = rng.chance(0.2);
    const options = planProducts(rng, { type, words, currency, item, vip });
    const lead = leadProduct(options.products);
    // What listings and the headline show: the lead option with its mandatory admin fee.
    const shownPrices = leadPriceColumns(lead);
    const visible = options.products.filter((p) => p.visible);
    const multi = visible.length > 1;

    // Lifecycle: most deals run for months; ~10% have passed their closing date.
    let createdAt = this.now - rng.int(0, 150 * 24 * 60) * MINUTE;
    const closed = rng.chance(0.1);
    const closingDate = closed
      ? this.now - rng.int(60, 30 * 24 * 60) * MINUTE
      : this.now + rng.int(60, 180 * 24 * 60) * MINUTE;
    const earlyBird = !closed && rng.chance(0.05);
    if (earlyBird) createdAt = this.now - rng.int(0, 7 * 24 * 60) * MINUTE;
    if (createdAt >= closingDate) createdAt = closingDate - rng.int(7, 60) * DAY;
    const closingSoon = !closed && closingDate - this.now < 7 * DAY;
    const open = closed ? rng.chance(0.2) : true;
    const enableBuyClosedDeal = closed && rng.chance(0.3);
    const lastChance = closed ? rng.chance(0.3) : closingSoon && rng.chance(0.4);
    const soldOut = rng.chance(0.05);

    // Price display.
    const showPrice = !rng.chance(0.03);
    const maxDiscount = Math.max(...visible.map((p) => discountPercentage(p.price, p.originalPrice)));
    const priceText = showPrice ? null : `Up to ${maxDiscount}% off`;
    const priceIndicative = multi && rng.chance(0.15);
    // Product prices are totals except on travel, where they are per person (two sharing).
    const pricePerPerson = type === "travel" && rng.chance(0.75);
    const showDiscount = !rng.chance(0.03);
    const depositPrice =
      type === "travel" && rng.chance(0.15) ? Math.max(100, Math.floor(lead.price / 500) * 100) : null;
    const delivers = type === "national" && rng.chance(0.75);
    const minPostagePrice = delivers ? (rng.chance(0.1) ? 0 : rng.pick([199, 299, 349, 399, 499])) : null;

    // Presentation and redemption.
    const grid = type !== "travel" && multi && rng.chance(0.3);
    const productDisplayType: ProductDisplayType =
      type === "travel" && rng.chance(0.35) ? "calendar" : grid ? "default" : "dropdown";
    const redemptionType = redemptionFor(rng, type, top.shortName, productDisplayType);

    // Demand (a heavy tail; new deals less) only bounds how many reviews are drawn: units sold are
    // never invented here, they come from orders (order-history.ts), so a new catalogue has sold nothing.
    let demand = Math.floor(Math.pow(rng.next(), 3) * 5000);
    if (this.now - createdAt < 2 * DAY) demand = Math.floor(demand / 10);
    if (soldOut) demand = Math.max(demand, rng.int(50, 400));
    const productRows = stockProducts(rng, options.products, { dealId: id, soldOut, grid });

    const text = dealText(rng, {
      type,
      currency,
      item,
      itemHasPlace: itemTemplate.includes("{place}"),
      merchant,
      location,
      options,
      price: shownPrices.price,
      originalPrice: shownPrices.originalPrice,
      multi: multi || priceIndicative,
      pricePerPerson,
      showPrice,
      maxDiscount,
      freeDelivery: minPostagePrice === 0,
    });
    const segment = location ? location.shortName : type === "national" ? "shop" : countryCode === "IE" ? "escapes" : "travel";
    const purchaseCap = rng.chance(0.3) ? rng.int(1, 10) : null;
    const dailyCap = rng.chance(0.05) ? rng.int(20, 500) : null;
    const weeklyCap = rng.chance(0.05) ? Math.max((dailyCap ?? 0) * 3, rng.int(100, 2000)) : null;
    // At least three pictures for a gallery; the random draw is kept as it was so the rest of the
    // seeded data does not move, and topped up with the variants it left out.
    const drawn = rng.sample(IMAGE_VARIANTS, rng.int(1, 4));
    const pictures = [...drawn, ...IMAGE_VARIANTS.filter((n) => !drawn.includes(n))].slice(0, Math.max(3, drawn.length));
    const images: DealImage[] = pictures.map((n) => ({ imageUrl: dealImagePath(top.shortName, sub.shortName, id, n), extension: "svg" }));

    const reviewed = generateReviews(rng, {
      dealId: id,
      noun: words.noun,
      demand,
      from: createdAt,
      to: Math.min(this.now, closingDate),
    });

    const deal: NewDeal = {
      id,
      countryCode,
      currency,
      dealType: type,
      locationId: location?.id ?? null,
      categoryId: top.id,
      subCategoryId: sub.id,
      merchantId: merchant.id,
      headline: text.headline,
      title: text.title,
      description: text.description,
      finePrint: finePrint(rng, type, purchaseCap),
      urlPath: `/deal/${segment}/${top.shortName}/${sub.shortName}/${id}/${blurb(text.headline)}`,
      images,
      ...shownPrices,
      depositPrice,
      minPostagePrice,
      deliveryType: delivers ? "standard" : "none",
      // A few merchants post without tracking the shopper may see (spec §4); from the id, not the random stream.
      showTracking: !(delivers && id % 5 === 0),
      priceText,
      priceIndicative,
      pricePerPerson,
      showPrice,
      showDiscount,
      vipDiscountAllowed: vip,
      earlyBird,
      lastChance,
      open,
      published: !rng.chance(0.01),
      soldOut,
      enableBuyClosedDeal,
      closingDate: new Date(closingDate),
      purchaseCap,
      dailyCap,
      weeklyCap,
      productDisplayType,
      productRowHeader: grid && options.variantCount > 1 ? "Option" : null,
      productColumnHeader: grid ? COLUMN_HEADERS[options.sizeSet] : null,
      redemptionType,
      highFraudRisk: rng.chance(0.02),
      leadGen: rng.chance(0.005),
      reviewCount: reviewed.rows.length,
      reviewAverage: reviewed.average,
      evergreenSlug: id % EVERGREEN_EVERY === 0 ? blurb(text.title) : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    };
    // The pipeline state the storefront flags stand for (as migration 0015 set it for older deals).
    deal.status = !deal.open ? "closed" : deal.published === false ? "paused" : "live";
    const numbered = productRows.map((row) => ({ ...row, id: this.nextProductId++ }));
    return { deal, products: numbered, subCategory: sub.shortName, reviews: reviewed.rows, newMerchant: merchantChoice.created };
  }
}

function redemptionFor(rng: Random, type: DealType, topShortName: string, display: ProductDisplayType): RedemptionType {
  if (type !== "travel") return type === "local" && rng.chance(0.3) ? "call-to-book" : "standard";
  if (display === "calendar") return "calendar";
  const abroad = topShortName === "international" || topShortName === "cruises";
  if (abroad && rng.chance(0.1)) return "mystery-travel";
  if (abroad && rng.chance(0.45)) return "choose-your-flight";
  return rng.chance(0.35) ? "call-to-book" : "standard-travel";
}

interface TextInput {
  type: DealType;
  currency: Currency;
  item: string;
  itemHasPlace: boolean;
  merchant: MerchantRef;
  location: SeedLocation | undefined;
  options: ProductOptions;
  price: number;
  originalPrice: number;
  multi: boolean;
  pricePerPerson: boolean;
  showPrice: boolean;
  maxDiscount: number;
  freeDelivery: boolean;
}

/**
 * Headline in the house style, price first: "£19 instead of £45 for a Spa Day for Two at The
 * Willow Spa, Soho", "From €299pp for a 5-7 Night All-Inclusive Tenerife Holiday with Flights".
 */
function dealText(rng: Random, input: TextInput): { headline: string; title: string; description: string } {
  const { type, options, merchant } = input;
  let core = input.item;
  if (type === "travel") {
    const first = options.nights[0];
    const last = options.nights[options.nights.length - 1];
    core = `${first === last ? `${first}-Night` : `${first}-${last} Night`} ${input.item}`;
  }
  const audience = type === "travel" ? "" : audiencePhrase(options);
  const where =
    type === "local" || (type === "travel" && !input.itemHasPlace) ? ` at ${merchant.displayName}, ${merchant.area}` : "";
  const extra = input.freeDelivery ? " + Free Delivery" : "";
  const subject = `${article(core)} ${core}${audience}${where}${extra}`;

  const pp = input.pricePerPerson ? "pp" : "";
  const price = `${headlinePrice(input.price, input.currency)}${pp}`;
  const headline = !input.showPrice
    ? `Up to ${input.maxDiscount}% Off ${subject}`
    : input.multi
      ? `From ${price} for ${subject}`
      : `${price} instead of ${headlinePrice(input.originalPrice, input.currency)}${pp} for ${subject}`;
  const title = `${core}${audience}${type === "local" ? ` at ${merchant.displayName}` : ""}`;

  const whereName = type === "local" ? (input.location?.name ?? merchant.area) : merchant.area;
  const intro = capitalise(
    fill(rng.pick(DESCRIPTION_INTROS[type]), { item: `${article(core)} ${core}`, merchant: merchant.displayName, where: whereName }),
  );
  const visible = options.products.filter((p) => p.visible);
  const included = visible.map((p) => `- ${p.friendlyName}`).join("\n");
  const description = `${intro}\n\n${visible.length > 1 ? "Choose from" : "What you get"}:\n${included}\n\n${rng.pick(DESCRIPTION_REASONS)}`;
  return { headline, title, description };
}

function audiencePhrase(options: ProductOptions): string {
  const words = options.sizes.map((size) => size.headline).filter(Boolean);
  if (words.length === 0) return "";
  const plural = words.length > 1 || words[0] !== "1" ? "s" : "";
  switch (options.sizeSet) {
    case "people":
      return ` for ${joinOr(words)}`;
    case "players":
      return ` for ${joinOr(words)} Players`;
    case "sessions":
      return ` - ${joinOr(words)} Session${plural}`;
    case "months":
      return ` - ${joinOr(words)} Month${plural}`;
    case "colours":
      return words.length > 1 ? ` - ${words.length} Colours` : ` in ${words[0]}`;
    case "packs":
      return words.length > 1 ? " - Multipacks Available" : "";
    case "clothing":
      return words.length > 1 ? ` - Sizes ${words[0]}-${words[words.length - 1]}` : ` - Size ${words[0]}`;
    case "bedSizes":
      return ` - ${joinOr(words)}`;
    case "single":
      return "";
  }
}

function finePrint(rng: Random, type: DealType, purchaseCap: number | null): string {
  const lines: string[] = rng.sample(FINE_PRINT[type], rng.int(3, 5));
  if (purchaseCap !== null) lines.push(`Limit ${purchaseCap} per person.`);
  return lines.join("\n");
}
