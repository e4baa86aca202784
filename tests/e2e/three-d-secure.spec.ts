import { expect, type Page, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, typeAddress } from "./support/checkout-journeys";
import { register, seriousViolations } from "./support/journeys";

// The sandbox's test card 4000 0000 0000 3063 asks the shopper to confirm with their bank (3-D Secure).

test.beforeEach(async ({ page }) => {
  await actAsNewShopper(page);
});

async function payWithChallengeCard(page: Page) {
  await typeAddress(page, {
    line1: "10 Downing Street",
    city: "London",
    postcode: "sw1a1aa",
  });
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4000 0000 0000 3063");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  // The bank's own page, clearly the sandbox's test bank.
  await expect(page).toHaveURL(/\/sandbox-gateway\/challenge\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your payment");
  await expect(page.getByRole("banner")).toContainText("Sandbox test bank");
}

test("a shopper confirms the payment at the test bank and lands on the order confirmation", async ({ page, request }) => {
  const deal = await findDealFromTop(request, 2);
  await register(page, `three-ds-${Date.now()}@example.com`, "Tess");
  await buyNow(page, deal);
  await payWithChallengeCard(page);
  expect(await seriousViolations(page)).toEqual([]);
  // Keyboard only: Approve is reachable with Tab and pressed with Enter.
  const approve = page.getByRole("button", { name: "Approve" });
  for (let presses = 0; presses < 10 && !(await approve.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
  await expect(approve).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByTestId("voucher")).toContainText(deal.headline);
  // Back to the bank's page and its return (a refresh, a second tab): still the one order.
  const confirmation = page.url();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment already answered");
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(confirmation);
});

test("a shopper who declines at the test bank is back at checkout with the reason and the basket", async ({ page, request }) => {
  const deal = await findDealFromTop(request, 3);
  await register(page, `three-ds-no-${Date.now()}@example.com`, "Dee");
  await buyNow(page, deal);
  await payWithChallengeCard(page);
  await page.getByRole("button", { name: "Decline" }).click();

  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}\?payment=/);
  const problem = page.getByRole("region", { name: "Payment" }).getByRole("alert");
  await expect(problem).toContainText("Oops! Payment Failed");
  await expect(problem).toContainText("Your card issuer couldn't authenticate this payment. Please try another card.");
  await expect(page.getByTestId("basket-line").filter({ hasText: deal.headline })).toHaveCount(1);
});
