import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, grantWalletCredit, payWithWallet, totalToPay, typeAddress } from "./support/checkout-journeys";
import { register, seriousViolations } from "./support/journeys";

test("a customer with wallet credit uses it at checkout, pays the rest with Google Pay and sees the credit used", async ({ page, request }) => {
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 3);
  await register(page, `wallet-${Date.now()}@example.com`, "Wally");
  // Credit as a refund or gift card would leave it: £5.00 (development tools, see start-server.ts).
  await grantWalletCredit(page, 500);

  await buyNow(page, deal);
  await typeAddress(page);
  const before = await totalToPay(page);
  expect(before).toBe(deal.option.price);
  await expect(page.getByText("Your wallet:")).toContainText("£5.00");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).not.toContainText("Wallet credit");

  await page.getByRole("button", { name: "Use my wallet credit" }).click();
  await expect(page.getByRole("button", { name: "Stop using wallet credit" })).toBeVisible();
  await expect(summary.getByText("Wallet credit").locator("..")).toContainText("£5.00");
  await expect.poll(() => totalToPay(page)).toBe(before - 500);
  const rest = `£${((before - 500) / 100).toFixed(2)}`;
  await expect(page.getByRole("region", { name: "Payment" }).getByRole("button", { name: `Pay ${rest} now` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await payWithWallet(page, "Google Pay", "Approve payment");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByText("Wallet credit used").locator("xpath=following-sibling::dd[1]")).toContainText("£5.00");
  await expect(page.getByTestId("order-total")).toContainText(`${rest} (GBP) by Google Pay`);
});
