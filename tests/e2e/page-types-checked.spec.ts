import { type Page, expect, test } from "@playwright/test";
import { actAsNewShopper, findBuyableDeal, shopperAddress } from "./support/checkout-journeys";
import { axeViolations, nuErrors, type ServedDocument } from "./support/checkers";
import { register } from "./support/journeys";

/**
 * One URL of every page type, checked by axe (0 violations of any impact, after hydration) and by
 * the W3C Nu HTML checker (0 errors in the HTML the server sent). `$deal` and `$travelDeal` are
 * found in the seeded catalogue when the journey runs. Add new page types to these lists.
 */
const ANONYMOUS_PAGES: readonly string[] = [
  "/", // home: sends the visitor on to their location's page
  "/deals/london", // location page
  "/deals/london/beauty", // category listing
  "/deals/shop/electricals", // shop category listing
  "/deals/travel", // travel listing
  "/search?q=massage", // search results
  "/search?q=zzzznothing", // search without results
  "$deal", // deal page
  "$travelDeal", // travel deal page (calendar)
  "/gifts", // gifts
  "/guides/hub", // guide
  "/deals/london/special/date-night", // special
  "/near-me/hub",
  "/london/gift-finder", // gift finder
  "/london/gift-finder/gifts-for-mum?price=20", // gift finder for a recipient and price band
  "/map-view", // map view
  "/early-bird", // home rail: Early Bird Deals
  "/welcome", // paid landing page (ppc)
  "/login",
  "/register",
  "/forgot-password",
  "/wishlist", // anonymous wish list
  "/recently-viewed",
  "/no-such-page-here", // not found (404)
  "/email-deals/london",
  "/deals/vip", // VIP hub
  "/merchant/login",
  "/page/aboutus", // content pages
  "/page/faqs",
  "/discountcodes",
  "/giftcard",
];

/** Page types behind sign-in (a freshly registered shopper). `$checkoutStart` is Buy now's confirmation page. */
const SIGNED_IN_PAGES: readonly string[] = [
  "/myaccount",
  "/myaccount/profile",
  "/myaccount/password",
  "/myaccount/vouchers",
  "/myaccount/returns",
  "/myaccount/wallet",
  "/myaccount/rewards",
  "/myaccount/subscriptions",
  "/myaccount/refer-a-friend",
  "/myaccount/vip-rewards",
  "/myaccount/delete",
  "/wishlist",
  "/mygift",
  "/vip/join",
  "/buy-again", // home rail: Buy again
  "/recommended-for-you", // home rail: Recommended for you
  "$checkoutStart", // Buy now without JavaScript: "Add to basket and check out"
  "$checkout", // the basket's checkout
];

interface Finding {
  axe: string[];
  documents: ServedDocument[];
}

/** Visits each path in turn: axe on the hydrated page, the served HTML kept for the Nu checker. */
async function visit(page: Page, paths: readonly string[], found: Finding, resolve: (path: string) => Promise<string>) {
  for (const listed of paths) {
    const path = await resolve(listed);
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    expect(response!.status(), path).toBeLessThan(500);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const html = await response!.text();
    found.documents.push({ name: `${listed === path ? "" : `${listed} `}${path}`, html });
    found.axe.push(...(await axeViolations(page)).map((line) => `${path}: ${line}`));
  }
}

/** What the pages need: a buyable deal, a travel deal, and Buy now's confirmation path for it. */
async function pagesToVisit(page: Page) {
  const { deal } = await findBuyableDeal(page.request, { nth: 40, from: "bottom" });
  const travelListing = await (await page.request.get("/deals/travel")).text();
  const travelDeal = /href="(\/deal\/travel\/[^"]+)"/.exec(travelListing)?.[1];
  expect(travelDeal, "a travel deal on /deals/travel").toBeTruthy();
  const option = deal.products.filter((product) => !product.soldOut)[0];
  return { deal, travelDeal: travelDeal!, checkoutStart: `/checkout?dealId=${deal.id}&productId=${option.id}` };
}

async function expectClean(found: Finding, expected: number) {
  expect(found.documents).toHaveLength(expected);
  expect(found.axe, "axe violations").toEqual([]);
  expect(await nuErrors(found.documents), "W3C Nu HTML checker errors").toEqual([]);
}

/** The lists in runs of this many pages: axe takes 2 to 6 s a page and the checkout pages more, so a run stays well inside its timeout beside other journeys. */
const PAGES_PER_RUN = 3;
const runs = (paths: readonly string[]) => Array.from({ length: Math.ceil(paths.length / PAGES_PER_RUN) }, (_, i) => paths.slice(i * PAGES_PER_RUN, (i + 1) * PAGES_PER_RUN));

for (const paths of runs(ANONYMOUS_PAGES)) {
  test(`anonymous page types ${paths.join(", ")} pass axe and the W3C Nu HTML checker`, async ({ page }) => {
    test.setTimeout(120_000);
    await actAsNewShopper(page);
    // The seeded deals are looked up only by the run that visits them.
    const found: Finding = { axe: [], documents: [] };
    await visit(page, paths, found, async (path) => {
      if (!path.startsWith("$")) return path;
      const { deal, travelDeal } = await pagesToVisit(page);
      return path === "$deal" ? deal.urlPath : travelDeal;
    });
    await expectClean(found, paths.length);
  });
}

for (const paths of runs(SIGNED_IN_PAGES)) {
  test(`signed-in page types ${paths.join(", ")} pass axe and the W3C Nu HTML checker`, async ({ browser, page }) => {
    test.setTimeout(120_000);
    await actAsNewShopper(page);
    const found: Finding = { axe: [], documents: [] };
    const shopperContext = await browser.newContext({ extraHTTPHeaders: shopperAddress() });
    const shopper = await shopperContext.newPage();
    await register(shopper, `checked-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, "Cora");
    await visit(shopper, paths, found, async (path) => {
      if (!path.startsWith("$")) return path;
      const { checkoutStart } = await pagesToVisit(page);
      if (path === "$checkoutStart") return checkoutStart;
      await shopper.goto(checkoutStart);
      await shopper.getByRole("button", { name: "Add to basket and check out" }).click();
      await shopper.waitForURL(/\/checkout\/[\w-]{11,}$/);
      return new URL(shopper.url()).pathname;
    });
    await shopperContext.close();
    await expectClean(found, paths.length);
  });
}
