/**
 * npm run screenshots: PNGs of home, a deal and checkout (with an item in the basket) at 390 px
 * and 1366 px wide, written to docs/screenshots/. Runs against a server that is already up:
 * SCREENSHOTS_URL (default http://localhost:3000), with the seeded demo catalogue.
 * Chromium: CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page, chromium } from "@playwright/test";

const BASE = (process.env.SCREENSHOTS_URL ?? "http://localhost:3000").replace(/\/$/, "");
const OUT = join(process.cwd(), "docs", "screenshots");
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

interface DealAnswer {
  deal: { id: number; urlPath: string; dealType: string; productDisplay: { type: string }; products: { id: number; soldOut: boolean }[] };
  availability: { buyable: boolean };
}

/** A plainly buyable deal with options, read through the public API. */
async function findDeal(): Promise<DealAnswer> {
  for (let id = 30_000_001; id < 30_000_400; id++) {
    const response = await fetch(`${BASE}/v1/deal/${id}`);
    if (!response.ok) continue;
    const found = (await response.json()) as DealAnswer;
    if (found.availability.buyable && found.deal.dealType !== "travel" && found.deal.products.filter((p) => !p.soldOut).length >= 2) return found;
  }
  throw new Error(`no buyable deal found at ${BASE}`);
}

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  // Lazy pictures in view, web fonts in place.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => {});
}

async function shoot(browser: Browser, deal: DealAnswer) {
  for (const size of WIDTHS) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, isMobile: size.width < 500, hasTouch: size.width < 500 });
    const page = await context.newPage();
    await page.goto(`${BASE}/`);
    await hydrated(page);
    await page.screenshot({ path: join(OUT, `home-${size.width}.png`) });

    const option = deal.deal.products.find((p) => !p.soldOut)!;
    const dealUrl = deal.deal.urlPath.replace(/\/(\d+)\/([^/]+)$/, `/$1/${option.id}/$2`);
    await page.goto(`${BASE}${deal.deal.urlPath}`);
    await hydrated(page);
    await page.screenshot({ path: join(OUT, `deal-${size.width}.png`) });

    // Checkout with the option in the basket: Buy now from the deal page.
    await page.goto(`${BASE}${dealUrl}`);
    await hydrated(page);
    await page.locator('form[method="post"][action="/checkout"]').waitFor();
    await page.getByRole("complementary", { name: "Buy this deal" }).getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL(/\/checkout\/[\w-]{11,}$/);
    await hydrated(page);
    await page.screenshot({ path: join(OUT, `checkout-${size.width}.png`), fullPage: size.width < 500 ? false : true });
    await context.close();
    console.log(`${size.name} (${size.width} px): home, deal, checkout`);
  }
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--disable-background-networking", "--no-first-run"] });
try {
  await shoot(browser, await findDeal());
  console.log(`written to ${OUT}`);
} finally {
  await browser.close();
}
