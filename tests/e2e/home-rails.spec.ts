import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findBuyableDeal, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

test("home rails: Buy again, Recently Viewed and Recommended for you for a shopper who bought; the anonymous home page stays shared", async ({ page, request }) => {
  // Registers, buys a deal with a card and visits three pages after it.
  test.slow();
  // A shop deal: on sale in every location, so it is on the London home page's Buy again.
  const { deal } = await findBuyableDeal(request, { nth: 11, from: "top", where: (answer) => answer.deal.dealType === "national" });
  const option = deal.products.filter((product) => !product.soldOut)[1];

  // The anonymous home page: shared caches may keep it, and no personal rail is in its HTML.
  const anonymous = await request.get("/deals/london");
  expect(anonymous.headers()["cache-control"]).toMatch(/^public, .*s-maxage=\d+/);
  const html = await anonymous.text();
  for (const rail of ["rail-buy-again", "rail-recently-viewed", "rail-recommended"]) expect(html).not.toContain(`id="${rail}"`);

  await register(page, `rails-${Date.now()}@example.com`);
  await buyNow(page, { headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  // Checkout offers what is bought or viewed with the basket's deals (cross-sell), never what is in it.
  const crossSell = page.getByRole("region", { name: "Complete your purchase" });
  await expect(crossSell.getByRole("listitem").first()).toBeVisible();
  await expect(crossSell).not.toContainText(deal.headline);
  await payWithTestCard(page);

  await open(page, "/deals/london");
  const buyAgain = page.getByRole("region", { name: "Buy again" });
  await expect(buyAgain).toContainText(deal.headline);
  // The deal page view was recorded: Recently Viewed has it.
  await expect(page.getByRole("region", { name: "Recently Viewed" })).toContainText(deal.headline);
  const recommended = page.getByRole("region", { name: "Recommended for you" });
  await expect(recommended.getByRole("listitem").first()).toBeVisible();
  expect(await recommended.getByRole("listitem").count()).toBeGreaterThan(0);
  // Nothing recommended is what the shopper just bought.
  await expect(recommended).not.toContainText(deal.headline);
  expect(await seriousViolations(page)).toEqual([]);

  await buyAgain.getByRole("link", { name: /^View all/ }).click();
  await expect(page).toHaveURL(/\/buy-again$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy again");
  await expect(page.getByRole("list", { name: "Buy again" })).toContainText(deal.headline);
  expect(await seriousViolations(page)).toEqual([]);
});
