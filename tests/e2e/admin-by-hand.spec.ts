/**
 * The back office by keyboard and at twice the browser's text size, page by page: every focusable
 * thing shows an unclipped focus ring, and nothing makes the page scroll sideways (a wide table
 * scrolls inside its own region).
 */
import { expect, type Page, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper } from "./support/checkout-journeys";
import { focusFacts } from "./support/focus-facts";
import { open, register } from "./support/journeys";

/** The pages in three walks that run side by side (each tabs through every focusable thing of its pages). */
const CATALOGUE = [
  "/admin",
  "/admin/deals",
  "/admin/merchants",
  "/admin/content",
  "/admin/promo-codes",
  "/admin/promo-codes/new",
  "/admin/audit",
  "/admin/staff",
  "/admin/deals/new",
];
const MARKETING = ["/admin/jobs?status=", "/admin/payouts?status=", "/admin/reports", "/admin/scrollers", "/admin/themes", "/admin/navigation"];
const OPERATIONS = [
  ...["/admin/proposals", "/admin/deals/import", "/admin/gift-presets", "/admin/countdowns", "/admin/sponsored"],
  ...["/admin/insights", "/admin/telemetry", "/admin/experiments", "/admin/fraud-review", "/admin/fraud-review?status=decided"],
];

/** Tabs through each page's main area checking the focus ring, then opens each at twice the text size. */
async function walk(page: Page, pages: readonly string[]): Promise<void> {
  const problems: string[] = [];
  for (const path of pages) {
    await open(page, path);
    const focusable = await page.locator("main a[href], main button:not([disabled]), main input:not([type=hidden]), main select, main textarea, main [tabindex='0']").count();
    await page
      .getByRole("main")
      .focus()
      .catch(() => undefined);
    await page.locator("main").evaluate((main) => (main as HTMLElement).scrollIntoView());
    // From the top of the page, Tab through the whole main area (header links first).
    await page.locator("body").focus();
    for (let step = 0; step < focusable + 25; step++) {
      await page.keyboard.press("Tab");
      const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest("main")));
      if (!inMain) continue;
      const facts = await focusFacts(page);
      if (!facts.ringVisible) problems.push(`${path} ${facts.label}: no visible focus indicator`);
      if (facts.clippedBy) problems.push(`${path} ${facts.label}: ring cut off by ${facts.clippedBy}`);
    }
  }
  expect(problems).toEqual([]);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
  for (const path of pages) {
    await open(page, path);
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize)), path).toBeGreaterThanOrEqual(28);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${path} scrolls sideways at twice the text size`).toBeLessThanOrEqual(0);
  }
}

test.beforeEach(async ({ page }) => {
  // A ceiling, not a wait: every focusable thing of every page is tabbed to, and the marketing pages
  // (scrollers, themes, navigation) list dozens of rows with several buttons each.
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("admin catalogue, staff and shopper pages: a visible focus ring on everything focusable, and no sideways scrolling at twice the text size", async ({ page }) => {
  // A shopper for customer service's pages (search results and the shopper's page).
  const shopperEmail = `by-hand-${Date.now()}@example.com`;
  await actAsNewShopper(page);
  await register(page, shopperEmail, "Hana", "Byhand");
  await signInAsDemoOwner(page);
  await open(page, `/admin/customers?q=${encodeURIComponent(shopperEmail)}`);
  const shopperPage = await page.getByTestId("shopper-row").first().getByRole("link").getAttribute("href");
  await open(page, "/admin/deals");
  const dealPage = await page.getByTestId("deal-row").first().getByRole("link").getAttribute("href");
  // A travel deal's nights calendar (its first dated option).
  await open(page, "/admin/deals?type=travel&status=live");
  const travelDeals = await page
    .getByTestId("deal-row")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  let calendarPage: string | null = null;
  for (const travelDeal of travelDeals) {
    await open(page, `${travelDeal}/travel-rates`);
    if ((await page.getByTestId("rate-option").count()) === 0) continue; // sold as a package, not by date
    calendarPage = await page.getByTestId("rate-option").first().getByRole("link").getAttribute("href");
    break;
  }
  expect(calendarPage, "a live travel deal sold by date").not.toBeNull();
  await walk(page, [...CATALOGUE, `/admin/customers?q=${encodeURIComponent(shopperEmail)}`, shopperPage!, dealPage!, `${dealPage!}/edit`, `${dealPage!}/bundle`, calendarPage!]);
});

test("admin money and marketing pages: a visible focus ring on everything focusable, and no sideways scrolling at twice the text size", async ({ page }) => {
  await signInAsDemoOwner(page);
  await walk(page, MARKETING);
});

test("admin operations pages: a visible focus ring on everything focusable, and no sideways scrolling at twice the text size", async ({ page }) => {
  await signInAsDemoOwner(page);
  await walk(page, OPERATIONS);
});
