import { expect, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, buyNow, findBuyableDeal, typeAddress } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

/**
 * The shopper's side of a posted item: buy it, follow its order progress, see that a return opens
 * only after delivery, and find My Returns. Dispatch, delivery and the merchant's receipt happen in
 * the merchant portal (modules/delivery, modules/returns; covered by their tests).
 */
test("a shopper buys a posted item, sees 'Delivery on or before …' and can return it only once delivered", async ({ page, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const { deal } = await findBuyableDeal(request, { nth: 2, from: "top", where: (answer) => answer.deal.deliveryType !== "none" });
  const option = deal.products.filter((product) => !product.soldOut)[1];
  await register(page, `returns-${Date.now()}@example.com`, "Rita");

  await buyNow(page, { headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  await typeAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111111111111111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);

  await open(page, "/myaccount/vouchers");
  const voucher = page.getByTestId("voucher").filter({ hasText: deal.headline });
  const printHref = await voucher.getByRole("link", { name: /Print voucher/ }).getAttribute("href");
  const voucherId = Number(new URL(printHref!, page.url()).searchParams.get("voucherId"));

  await open(page, `/myaccount/vouchers/${voucherId}/return`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Return an item");
  const progress = page.getByTestId("order-progress");
  await expect(progress.getByRole("heading")).toHaveText("Order progress: Processing Order");
  await expect(progress).toContainText(/Delivery on or before \w+day, \d{1,2} \w+ \d{4}/);
  await expect(progress.locator('[aria-current="step"]')).toContainText("Processing Order");
  await expect(page.getByText("Your item has not been delivered yet.")).toBeVisible();
  await expect(page.getByLabel("Reason for return")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The API agrees: a reason is required first, then the item must have been delivered.
  const session = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const headers = { [CSRF_HEADER]: session.csrfToken };
  const noReason = await page.request.post("/v1/create-return-order", { data: { voucherId }, headers });
  expect(noReason.status()).toBe(400);
  expect((await noReason.json()).error.message).toBe("Please select a reason...");
  const notYet = await page.request.post("/v1/create-return-order", { data: { voucherId, reason: "CHANGED_MIND" }, headers });
  expect(notYet.status()).toBe(409);
  expect((await notYet.json()).error.message).toBe("Your item has not been delivered yet.");

  await open(page, "/myaccount/returns");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Returns");
  await expect(page.getByText("You have no returns.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Someone else's voucher does not exist for this shopper.
  expect((await page.request.get(`/myaccount/vouchers/${voucherId + 100000}/return`)).status()).toBe(404);
});
