import { data, redirect } from "react-router";
import { parseRecordId } from "../../lib/input";
import { discountPercentage } from "../../lib/money";
import { type DealPage, getDealPage } from "../../modules/catalog/deal-detail/get-deal";
import { dealPathOf, withProduct } from "../../modules/catalog/deal-detail/urls";
import { CatalogError } from "../../modules/catalog/errors";
import type { PriceFacts } from "../../modules/catalog/rules/price-display";
import { ListingPathError, parseListingPath } from "../../modules/catalog/rules/listing-path";
import { travelName } from "../../modules/catalog/rules/deal-paths";
import { REDEMPTION_STEPS } from "../../modules/catalog/rules/redemption";
import { showReviewBadge } from "../../modules/catalog/rules/review-badge";
import { unitCharge } from "../../modules/catalog/rules/unit-charge";
import { shareLinks } from "../../modules/catalog/rules/share-links";
import { subscribeSoldOutNotification } from "../../modules/catalog/sold-out-notifications";
import { publicPageHeaders } from "../cache-headers";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { CountdownClock } from "../components/CountdownClock";
import { DealBadges } from "../components/DealBadges";
import { DealGrid } from "../components/DealGrid";
import { LoadMore } from "../components/LoadMore";
import { RecentlyViewedTracker } from "../components/RecentlyViewedTracker";
import { ComplementaryDeals } from "../components/ComplementaryDeals";
import { WishlistHeart } from "../components/WishlistHeart";
import { PriceBlock } from "../components/PriceBlock";
import { TravelMenu } from "../components/TravelMenu";
import { Addresses } from "../components/deal/Addresses";
import { BUY_NOW_FORM_ID, BuyNowForm } from "../components/deal/BuyNowForm";
import { DealGallery } from "../components/deal/DealGallery";
import { ProductChooser } from "../components/deal/ProductChooser";
import { ReviewBadge } from "../components/deal/ReviewBadge";
import { ShareLinks } from "../components/deal/ShareLinks";
import { ClubViewTracker, recordClubShare } from "../components/deal/ClubActivity";
import { SocialCue } from "../components/deal/SocialCue";
import { SoldOutNotify } from "../components/deal/SoldOutNotify";
import { StickyBuyBar } from "../components/deal/StickyBuyBar";
import { useDealPageDeals } from "../components/deal/use-deal-page-deals";
import { TravelBooking, booksOnCalendar } from "../components/travel/TravelBooking";
import { seoMeta } from "../seo";
import { useShell } from "../shell/use-shell";
import type { Route } from "./+types/deal";
import { shownError } from "../../server/errors";
import { unitsBoughtOfDeal } from "../../modules/inventory/units-bought";
import { dealJsonLd, scriptSafeJson } from "../deal-json-ld";
import { BestSellerNote, BundleContents, DeliveryOptions, PromoTypeBadge, PurchaseCapNote } from "../components/deal/DealExtras";

const notFound = () => data("Page not found", { status: 404 });

function dealTarget(pathname: string) {
  try {
    const { target } = parseListingPath(pathname);
    return target.kind === "deal" ? target : null;
  } catch (error) {
    if (error instanceof ListingPathError) return null;
    throw error;
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const target = dealTarget(url.pathname);
  if (!target) throw notFound();
  // The path as reached (deal or email-deal, numeric or evergreen), without a product id.
  const dealPath = dealPathOf(url.pathname.split("/")[1], target);
  // The dropdown's no-JavaScript form sends ?productId=…: move to that product's URL.
  const productId = url.searchParams.get("productId");
  if (parseRecordId(productId) !== null) {
    url.searchParams.delete("productId");
    // The no-JavaScript "Choose" button submits the Buy now form (the dropdown belongs to it).
    url.searchParams.delete("dealId");
    url.searchParams.delete("quantity");
    throw redirect(`${withProduct(dealPath, `/${productId}`)}${url.search}`);
  }
  const { db, brand, clock } = context;
  const now = clock.now();
  let page: DealPage;
  try {
    page = await getDealPage(db, {
      brand,
      now,
      target,
      arrival: { pathname: url.pathname, searchParams: url.searchParams },
      previewToken: url.searchParams.get("dealPreview"),
    });
  } catch (error) {
    if (error instanceof CatalogError) throw notFound();
    throw error;
  }
  if (page.redirectUrl) throw redirect(`${page.redirectUrl}${url.search}`, 301);
  const { deal } = page;
  const origin = context.publicOrigin;
  // A signed-in shopper's own remaining allowance (their page is private, never shared-cached).
  if (context.customer && deal.purchaseCap !== null) {
    const bought = await unitsBoughtOfDeal(db, context.customer.id, deal.id);
    deal.userDealInfo = { maxQuantityUserCanBuy: Math.max(0, deal.purchaseCap - bought) };
  }
  const closesInMs = new Date(deal.closingDate).getTime() - now.getTime();
  // The same for every visitor (personal parts load in the browser): shared caches may keep it, but
  // never a preview, and never past the deal's closing time, which no write announces.
  const headers: HeadersInit = page.preview
    ? { "cache-control": "private, no-store" }
    : publicPageHeaders([deal.id], { changesInSeconds: closesInMs / 1000 });
  return data(
    {
      page,
      origin,
      dealPath,
      closesInFuture: closesInMs > 0,
      share: shareLinks(`${origin}${deal.urlPath}`, deal.headline),
      // Spec: shareUrl, absolute on the brand's configured origin.
      shareUrl: `${origin}${deal.urlPath}`,
      reviewBadge: showReviewBadge({ count: deal.reviewSummary.count, average: deal.reviewSummary.average }, { irish: brand.countryCode === "IE" }),
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "notify") throw data("Unsupported action", { status: 400 });
  const dealId = Number(form.get("dealId"));
  if (!Number.isInteger(dealId) || dealId <= 0) return data({ ok: false, message: "This deal is unavailable" }, { status: 400 });
  try {
    await subscribeSoldOutNotification(context.db, {
      countryCode: context.brand.countryCode,
      dealId,
      email: String(form.get("email") ?? ""),
      now: context.clock.now(),
    });
    return { ok: true, message: "Thanks! We'll email you if this deal comes back." };
  } catch (error) {
    const shown = shownError(error);
    return data({ ok: false, message: shown.message }, { status: shown.status });
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return [];
  const { deal } = loaded.page;
  return seoMeta({
    title: `${deal.headline} | ${deal.business.displayName}`,
    description: deal.title,
    canonical: `${loaded.origin}${loaded.page.canonicalUrl}`,
    robots: loaded.page.robots,
    ogType: "product",
    image: deal.images[0] ? `${loaded.origin}${deal.images[0].imageUrl}` : null,
  }, matches);
}

function priceFactsFor(deal: DealPage["deal"], selectedId: number | null): PriceFacts {
  const base: PriceFacts = {
    dealType: deal.dealType,
    currency: deal.currency,
    price: deal.price,
    originalPrice: deal.originalPrice,
    discountPercentage: deal.discountPercentage,
    vipPrice: deal.vipPrice,
    vipDiscountPercentage: deal.vipDiscountPercentage,
    vipDiscountAllowed: deal.display.vipDiscountAllowed,
    showPrice: deal.display.showPrice,
    showDiscount: deal.display.discount,
    priceIndicative: deal.priceIndicative,
    pricePerPerson: deal.pricePerPerson,
    priceText: deal.priceText,
  };
  const product = deal.products.find((p) => p.id === selectedId) ?? (deal.products.length === 1 ? deal.products[0] : undefined);
  if (!product) return base;
  // A chosen option shows its own price, never a "from" price: what the basket charges for it, admin fee included.
  const charge = unitCharge(product, false);
  const vipPrice = product.vipPrice === null ? null : unitCharge(product, true).price;
  return {
    ...base,
    price: charge.price,
    originalPrice: charge.originalPrice,
    discountPercentage: discountPercentage(charge.price, charge.originalPrice),
    vipPrice,
    vipDiscountPercentage: vipPrice === null || charge.originalPrice <= 0 ? null : Math.floor(((charge.originalPrice - vipPrice) * 100) / charge.originalPrice),
    priceIndicative: false,
  };
}

export default function DealRoute({ loaderData }: Route.ComponentProps) {
  const { page, dealPath, share, reviewBadge, closesInFuture, origin } = loaderData;
  const { deal, availability } = page;
  const more = useDealPageDeals(deal.urlPath);
  const shell = useShell();
  const travel = deal.dealType === "travel" ? shell?.navigation.find((item) => item.kind === "travel") : undefined;
  const segment = deal.location ? `/deals/${deal.location.shortName}` : deal.dealType === "national" ? "/deals/shop" : `/deals/${travelName(deal.countryCode)}`;
  const crumbs = [
    { label: "Home", href: `/deals/${shell?.location.shortName ?? deal.location?.shortName ?? ""}` },
    { label: deal.category.name, href: `${segment}/${deal.category.shortName}` },
    { label: deal.subCategory.name, href: `${segment}/${deal.category.shortName}/${deal.subCategory.shortName}` },
    { label: deal.title, href: deal.urlPath },
  ];
  const addresses = [deal.business.mainAddress, ...deal.business.otherAddresses].filter((a) => a !== null);
  const selectedId = page.selectedProductId ?? (deal.products.length === 1 ? deal.products[0].id : null);
  const selected = deal.products.find((product) => product.id === selectedId);
  const selectedSoldOut = selected !== undefined && (selected.soldOut || selected.totalRemaining === 0);
  const notify = availability.reason === "SOLD_OUT" || availability.reason === "ALL_PRODUCTS_CAPPED" || availability.reason === "CAP_REACHED";
  // Calendar and choose-your-flight travel deals are booked by date (app/components/travel).
  const bookByDate = availability.buyable && booksOnCalendar(deal);
  const jsonLd = scriptSafeJson(dealJsonLd(page, origin, crumbs));
  const buyForm = availability.buyable && !bookByDate;
  const dropdown = deal.productDisplay.type === "dropdown" && deal.products.length > 0;

  return (
    <>
      {page.preview && (
        <p role="note" className="mb-4 rounded bg-yellow-100 px-4 py-2 font-bold text-yellow-900">
          Preview: this deal is not published yet.
        </p>
      )}
      {travel && <TravelMenu travel={travel} />}
      <Breadcrumbs items={crumbs} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      {/* On a phone the title, price and Buy now come first (and stay in the sticky bar); from lg the
          buy panel sits beside the pictures. */}
      <article className="grid gap-8 lg:grid-cols-[1fr_27rem] lg:grid-rows-[auto_1fr]">
        <aside className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1" aria-label="Buy this deal">
          <div className="relative flex flex-col gap-4 rounded-lg bg-white p-4 ring-1 ring-gray-200">
            <WishlistHeart dealId={deal.id} headline={deal.headline} />
            <RecentlyViewedTracker dealId={deal.id} />
            <ClubViewTracker dealId={deal.id} locationSite="deal-page" />
            {deal.promoType && <PromoTypeBadge title={deal.promoType.title} />}
            <h1 className="pr-12 text-2xl font-bold leading-tight">{deal.headline}</h1>
            <p className="text-gray-700">{deal.business.displayName}</p>
            <DealBadges earlyBird={deal.display.earlyBird} lastChance={deal.display.lastChance} />
            {reviewBadge && deal.reviewSummary.average !== null && <ReviewBadge average={deal.reviewSummary.average} count={deal.reviewSummary.count} />}
            <PriceBlock facts={priceFactsFor(deal, page.selectedProductId)} size="deal" />
            {availability.buyable ? (
              <>
                <SocialCue dealId={deal.id} />
                {closesInFuture && (
                  <p className="text-sm">
                    <CountdownClock until={deal.closingDate} /> to buy this deal
                  </p>
                )}
              </>
            ) : (
              <div role="alert" className="rounded border border-alert bg-red-50 p-3" data-testid="unavailable">
                <p className="font-bold text-alert">Unavailable to buy</p>
                <p>{availability.message}</p>
              </div>
            )}
            {bookByDate ? (
              <TravelBooking
                dealId={deal.id}
                currency={deal.currency}
                leadProductId={page.selectedProductId}
                flightsDeal={deal.redemptionType === "choose-your-flight"}
                products={deal.products.map((product) => ({ id: product.id, friendlyName: product.friendlyName }))}
              />
            ) : (
              <ProductChooser
                products={deal.products}
                selectedId={selectedId}
                displayType={deal.productDisplay.type}
                dealPath={dealPath}
                currency={deal.currency}
                showPrice={deal.display.showPrice}
                priceText={deal.priceText}
                disabled={!availability.buyable}
                buyFormId={buyForm && dropdown ? BUY_NOW_FORM_ID : undefined}
              />
            )}
            <BestSellerNote product={deal.products.find((product) => product.id === deal.bestSellerProductId)} />
            {availability.buyable && <PurchaseCapNote max={deal.userDealInfo.maxQuantityUserCanBuy} cap={deal.purchaseCap} />}
            {buyForm && <BuyNowForm dealId={deal.id} productId={selectedId} disabled={selectedSoldOut} productFromDropdown={dropdown} />}
            {notify && <SoldOutNotify dealId={deal.id} />}
            <ShareLinks links={share} onShare={(channel) => recordClubShare(deal.id, channel)} />
          </div>
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DealGallery images={deal.images} headline={deal.headline} />
          <section aria-labelledby="deal-description">
            <h2 id="deal-description" className="mb-2 text-xl font-bold">
              About this deal
            </h2>
            <div className="flex flex-col gap-3 whitespace-pre-line">{deal.description}</div>
          </section>
          {deal.bundle && <BundleContents items={deal.bundle.children} />}
          <section aria-labelledby="deal-redemption" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
            <h2 id="deal-redemption" className="mb-2 text-xl font-bold">
              How to redeem
            </h2>
            <img
              src={`/img/redemption/${deal.redemptionType}.svg`}
              alt={REDEMPTION_STEPS[deal.redemptionType].map((step, i) => `${i + 1}. ${step}`).join(" ")}
              width={640}
              height={190}
              loading="lazy"
              className="w-full"
            />
          </section>
          <section aria-labelledby="deal-fine-print">
            <h2 id="deal-fine-print" className="mb-2 text-xl font-bold">
              The fine print
            </h2>
            <p className="whitespace-pre-line text-gray-800">{deal.finePrint}</p>
          </section>
          {deal.reviews.length > 0 && (
            <section aria-labelledby="deal-reviews">
              <h2 id="deal-reviews" className="mb-2 text-xl font-bold">
                Reviews
              </h2>
              <ul className="flex flex-col gap-3">
                {deal.reviews.map((review) => (
                  <li key={`${review.authorName}-${review.createdAt}`} className="rounded bg-white p-3 ring-1 ring-gray-200">
                    <p className="font-bold">
                      {review.authorName} <span className="sr-only">rated it </span>
                      <span aria-hidden="true" className="text-yellow-600">
                        {"★".repeat(review.rating)}
                      </span>
                      <span className="sr-only">{review.rating} out of 5</span>
                    </p>
                    <p>{review.body}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-2">
          <DeliveryOptions product={selected ?? deal.products.find((product) => product.deliveryOptions.length > 0)} currency={deal.currency} />
          <Addresses businessName={deal.business.displayName} addresses={addresses} />
          {more && more.sideDeals.length > 0 && (
            <section aria-label="You may also like">
              <h2 className="mb-3 text-lg font-bold">You may also like</h2>
              <DealGrid deals={more.sideDeals} label="You may also like" eagerCount={0} layout="stack" />
            </section>
          )}
        </div>
      </article>
      <ComplementaryDeals dealIds={[deal.id]} heading="Customers also bought" id="customers-also-bought" />
      {buyForm && <StickyBuyBar facts={priceFactsFor(deal, page.selectedProductId)} headline={deal.headline} disabled={selectedSoldOut} />}
      {more && more.deals.length > 0 && (
        <section aria-labelledby="more-deals" className="mt-10">
          <h2 id="more-deals" className="mb-4 text-xl font-bold">
            More deals
          </h2>
          <DealGrid deals={more.deals} label="More deals" eagerCount={0} />
          <LoadMore path={deal.urlPath} firstPage={1} pageSize={more.pageSize} initialNoMore={more.deals.length < more.pageSize} shownDealIds={[deal.id, ...more.deals.map((listed) => listed.id)]} />
        </section>
      )}
    </>
  );
}
