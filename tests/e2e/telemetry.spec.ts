import { expect, type APIRequestContext, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

/** tests/e2e/start-server.ts sets it. */
const METRICS_TOKEN = "e2e-metrics-token";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The server's count of stored browser reports of a kind (telemetry_events_total), for the wowcher brand. */
async function reported(request: APIRequestContext, kind: string): Promise<number> {
  const response = await request.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  const match = new RegExp(`^telemetry_events_total\\{kind="${kind}",brand="wowcher"\\} (\\d+)$`, "m").exec(await response.text());
  return Number(match?.[1] ?? 0);
}

test("a client error on a page is reported to the error log", async ({ page, request }) => {
  const before = await reported(request, "client_error");
  await open(page, "/deals/london");
  // An error no code catches, as a bug in a page would throw.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Journey: something broke on the page");
    }, 0);
  });
  await expect.poll(() => reported(request, "client_error"), { timeout: 10_000 }).toBe(before + 1);
});

test("a missing page records a not-found hit, and a search bot's visit is reported as a bot", async ({ page, browser, request }) => {
  const notFoundBefore = await reported(request, "not_found");
  await open(page, "/deals/london/no-such-thing/anywhere-at-all");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect.poll(() => reported(request, "not_found"), { timeout: 10_000 }).toBe(notFoundBefore + 1);
  expect(await seriousViolations(page)).toEqual([]);

  const botsBefore = await reported(request, "bot");
  const botContext = await browser.newContext({ userAgent: BOT_UA });
  const bot = await botContext.newPage();
  await open(bot, "/an-old-page-a-crawler-remembers");
  await expect(bot.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect.poll(() => reported(request, "bot"), { timeout: 10_000 }).toBe(botsBefore + 1);
  await botContext.close();
});

test("a deal page carries valid structured data for rich results", async ({ page, request }) => {
  const listing = await (await request.get("/v1/product-listing-page-deal?path=/deals/london")).json();
  const dealPath: string = listing.mainDeal.urlPath;
  await open(page, dealPath);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items = scripts.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
  const product = items.find((item) => item["@type"] === "Product") as { name: string; url: string; offers: { "@type": string; price: string; priceCurrency: string } };
  expect(product).toBeDefined();
  expect(product.name).toBe(listing.mainDeal.headline);
  expect(product.url).toMatch(/^http:\/\/localhost:\d+\/deal\//);
  expect(product.offers["@type"]).toBe("Offer");
  expect(product.offers.price).toMatch(/^\d+\.\d{2}$/);
  expect(product.offers.priceCurrency).toBe("GBP");
  const breadcrumbs = items.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { position: number; item: string }[] };
  expect(breadcrumbs.itemListElement.length).toBeGreaterThanOrEqual(3);
  expect(breadcrumbs.itemListElement.every((crumb) => /^http:\/\/localhost:\d+\//.test(crumb.item))).toBe(true);
});
