import { type Page, expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, typeAddress } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";
import { signUpMerchant } from "./support/merchant-journeys";

async function lookUp(till: Page, code: string): Promise<void> {
  await till.getByLabel("Voucher code").fill(code);
  await till.getByRole("button", { name: "Look up" }).click();
}

test("a shopper buys, the merchant redeems the code at the till, and a second till hears it was already redeemed", async ({ page, browser, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 8);
  await register(page, `merchant-journey-${Date.now()}@example.com`, "Rhea");
  await buyNow(page, deal);
  await typeAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  const code = (await page.getByTestId("voucher").locator(".font-mono").textContent())!.trim();

  // The merchant, on a browser of its own: invited, chooses a password, lands on the till.
  const till = await signUpMerchant(browser, deal.id, `till-${Date.now()}@example.com`);
  const merchant = till.context();

  // Two tills look the code up; the first redeems it.
  const secondTill = await merchant.newPage();
  await open(secondTill, "/merchant");
  await lookUp(secondTill, code);
  await expect(secondTill.getByTestId("till-status")).toHaveText("Ready to Redeem");

  await open(till, "/merchant");
  await lookUp(till, code.toLowerCase());
  const result = till.getByRole("heading", { name: "Voucher found" }).locator("..");
  await expect(result).toBeFocused();
  await expect(result).toContainText(deal.headline);
  await expect(result).toContainText(deal.option.friendlyName);
  await expect(till.getByTestId("till-status")).toHaveText("Ready to Redeem");
  expect(await seriousViolations(till)).toEqual([]);
  await till.getByRole("button", { name: "Redeem" }).click();
  await expect(till.getByRole("status")).toHaveText("Redeemed. The voucher can't be used again.");
  await expect(till.getByTestId("till-status")).toHaveText("Redeemed");

  // The second till still shows the Redeem button; pressing it changes nothing and says why.
  await secondTill.getByRole("button", { name: "Redeem" }).click();
  await expect(secondTill.getByRole("alert")).toContainText("This voucher was already redeemed on");
  await expect(secondTill.getByRole("heading", { name: "Can't do that" }).locator("..")).toBeFocused();

  // The redemption is listed; the shopper's own session never opens the portal.
  await till.getByRole("link", { name: "Redemptions" }).click();
  await expect(till.getByRole("table")).toContainText(code);

  // The shopper sees the voucher Redeemed, and the refund refused with its reason (no link to it).
  await open(page, "/myaccount/vouchers");
  await page.getByRole("link", { name: `View voucher: ${deal.headline}` }).click();
  await expect(page.getByTestId("voucher-status")).toContainText("Redeemed");
  await expect(page.getByTestId("voucher-timeline")).toContainText("Redeemed");
  const options = page.getByTestId("after-sale-options");
  await expect(options).toContainText("Refund: This voucher has been redeemed.");
  await expect(options.getByRole("link", { name: "Refund", exact: true })).toHaveCount(0);
  await page.goto("/merchant");
  await expect(page).toHaveURL(/\/merchant\/login\?redirectUrl=%2Fmerchant$/);
  await merchant.close();
});
