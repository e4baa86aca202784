/**
 * What a keyboard and zoom review found (axe passed; people did not): focus that can be seen
 * everywhere, text that follows the browser's font size, a location picker that does not act on
 * the first arrow key (and works without JavaScript), 'More +' closing on Escape, and the Irish
 * sites' language.
 */
import { expect, test } from "@playwright/test";
import { type FocusFacts, focusFacts } from "./support/focus-facts";
import { open } from "./support/journeys";

test("every focused thing in the header, navigation, deal tiles and footer shows an unclipped focus ring", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/deals/london");
  const seen = new Set<FocusFacts["area"]>();
  const problems: string[] = [];
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press("Tab");
    const facts = await focusFacts(page);
    seen.add(facts.area);
    if (!facts.ringVisible) problems.push(`${facts.area} ${facts.label}: no visible focus indicator`);
    if (facts.clippedBy) problems.push(`${facts.area} ${facts.label}: ring cut off by ${facts.clippedBy}`);
    if (facts.area === "tile" && seen.has("header")) break;
  }
  // The footer from the other end: its last link, then Shift+Tab back through the others.
  await page.locator("footer a").last().focus();
  for (let step = 0; step < 6; step++) {
    if (step > 0) await page.keyboard.press("Shift+Tab");
    const facts = await focusFacts(page);
    seen.add(facts.area);
    if (!facts.ringVisible) problems.push(`${facts.area} ${facts.label}: no visible focus indicator`);
    if (facts.clippedBy) problems.push(`${facts.area} ${facts.label}: ring cut off by ${facts.clippedBy}`);
  }
  expect([...seen]).toEqual(expect.arrayContaining(["header", "tile", "footer"]));
  expect(problems).toEqual([]);
  // The ring is two-tone (dark outline, white halo), so it shows on the brand header and on white alike.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link").first().focus();
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as HTMLElement);
    return { outline: style.outlineColor, shadow: style.boxShadow };
  });
  expect(ring.outline).toBe("rgb(11, 12, 12)");
  expect(ring.shadow).toContain("rgb(255, 255, 255)");
});

test("at twice the browser's text size nothing runs off a 1280 px screen, and prices show in full", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The browser's own default text size (Settings → Font size), as a shopper sets it: 32px instead of 16px.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
  await open(page, "/deals/london");
  // The root size is a percentage of the shopper's default (14px at 16px), so it doubles with it.
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBe(28);
  const overflow = () =>
    page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      navRight: document.querySelector("nav[aria-label=Main]")!.getBoundingClientRect().right - document.documentElement.clientWidth,
      prices: [...document.querySelectorAll<HTMLElement>("[data-testid=tile-price], [data-testid=deal-price]")]
        .filter((price) => price.getBoundingClientRect().width > 0)
        .filter((price) => {
          const box = price.getBoundingClientRect();
          // A tile further along a rail that scrolls sideways is reached by scrolling the rail, not cut off.
          let inScroller = false;
          for (let up = price.parentElement; up && !inScroller; up = up.parentElement) inScroller = ["auto", "scroll"].includes(getComputedStyle(up).overflowX);
          return price.scrollWidth > price.clientWidth + 1 || (!inScroller && (box.left < 0 || box.right > document.documentElement.clientWidth));
        })
        .map((price) => price.textContent),
      priceCount: document.querySelectorAll("[data-testid=tile-price], [data-testid=deal-price]").length,
    }));
  const listing = await overflow();
  expect(listing.page, "horizontal scroll on the listing").toBeLessThanOrEqual(0);
  expect(listing.navRight, "navigation beyond the right edge").toBeLessThanOrEqual(0);
  expect(listing.priceCount).toBeGreaterThan(0);
  expect(listing.prices).toEqual([]);
  await open(page, (await page.getByTestId("deal-tile").first().getByRole("link").first().getAttribute("href"))!);
  const deal = await overflow();
  expect(deal.page, "horizontal scroll on the deal page").toBeLessThanOrEqual(0);
  expect(deal.prices).toEqual([]);
  await expect(page.getByTestId("deal-price")).toBeVisible();

  // Reflow at 320 CSS px (WCAG 1.4.10) at the normal text size.
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16, fixed: 13 } });
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, "/deals/london");
  expect((await overflow()).page, "horizontal scroll at 320 px").toBeLessThanOrEqual(0);
});

test("the location picker: arrow keys only choose, Go goes, and it works without JavaScript", async ({ page, browser }) => {
  await open(page, "/deals/london");
  const picker = page.getByLabel("Choose your location");
  await picker.focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/deals\/london$/);
  await picker.selectOption("manchester");
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/deals\/london$/);
  await page.getByRole("button", { name: /^Go/ }).click();
  await expect(page).toHaveURL(/\/deals\/manchester$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals in Manchester");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/deals/london");
  await plain.getByLabel("Choose your location").selectOption("manchester");
  const [response] = await Promise.all([plain.waitForNavigation(), plain.getByRole("button", { name: /^Go/ }).click()]);
  expect(response?.status()).toBe(200);
  await expect(plain).toHaveURL(/\/deals\/manchester$/);
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Deals in Manchester");
  expect((await noScript.cookies()).find((cookie) => cookie.name === "location")?.value).toBe("manchester");
  await noScript.close();
});

test("'More +' closes on Escape and gives the focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await open(page, "/deals/london");
  const nav = page.getByRole("navigation", { name: "Main" });
  const more = nav.locator("summary", { hasText: "More +" });
  const vipHub = nav.locator("details ul").getByRole("link", { name: "VIP Hub" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(vipHub).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(vipHub).toBeHidden();
  await expect(more).toBeFocused();
  // From inside the menu too.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(nav.locator("details ul a:focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(vipHub).toBeHidden();
  await expect(more).toBeFocused();
});

test("the deal page: h1 first, a keyboard-scrollable picture strip, countdown in words, no nested live regions", async ({ page }) => {
  await open(page, "/deals/london");
  const nested = () =>
    page.evaluate(() => {
      const live = "[aria-live], [role=status], [role=alert], [role=log], [role=timer], [role=marquee]";
      return [...document.querySelectorAll(live)].filter((region) => region.parentElement?.closest(live)).map((region) => region.outerHTML.slice(0, 80));
    });
  expect(await nested()).toEqual([]);
  // A buyable deal with several pictures (so it has the strip and the closing countdown).
  let dealPath: string | null = null;
  for (let id = 30_000_001; id < 30_000_201 && !dealPath; id += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await page.request.get(`/v1/deal/${id + i}`);
        return response.ok() ? ((await response.json()) as { deal: { urlPath: string; images: unknown[] }; availability: { buyable: boolean } }) : null;
      }),
    );
    dealPath = batch.find((found) => found && found.availability.buyable && found.deal.images.length > 1)?.deal.urlPath ?? null;
  }
  expect(dealPath).not.toBeNull();
  await open(page, dealPath!);
  const headings = await page.locator("main h1, main h2").evaluateAll((list) => list.map((heading) => heading.tagName));
  expect(headings[0]).toBe("H1");
  expect(await nested()).toEqual([]);
  const strip = page.getByRole("region", { name: /^Deal images, \d+ pictures$/ });
  await expect(strip).toBeVisible();
  // The strip is in the Tab order (just before the thumbnails), and the arrow keys scroll it.
  await page.getByRole("link", { name: "Picture 1", exact: true }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(strip).toBeFocused();
  expect((await focusFacts(page)).ringVisible).toBe(true);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // The time left reads with its units, for everyone ("2 days 4 hours left"), and is not a live region.
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toHaveText(/^(\d+ days?( \d+ hours?)?|\d+ hours?( \d+ minutes?)?|\d+ minutes?|Less than a minute) left$/);
  expect(await countdown.evaluate((element) => element.closest("[aria-live], [role=timer], [role=status]"))).toBeNull();
});

test("the Irish sites declare Irish English; the UK sites British English", async ({ page }) => {
  await page.goto("/deals/london");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await page.goto("/?brand=wowcherie");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IE");
  await expect(page).toHaveTitle(/ \| Wowcher$/);
});
