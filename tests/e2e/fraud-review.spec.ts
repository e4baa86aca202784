/**
 * Fraud review as a shopper and a reviewer meet it: an order of a deal flagged high fraud risk
 * waits ("We're checking your order", no code shown, nothing taken); the reviewer finds it in the
 * queue with its signal, a missing reason is refused at the field, and approving releases it: the
 * shopper's confirmation then reads as any other, with the voucher.
 */
import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper, buyNow, findBuyableDeal, typeAddress } from "./support/checkout-journeys";
import { open, register } from "./support/journeys";

test("an order of a high-risk deal waits in review and is released by a reviewer", async ({ page, browser, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const { deal } = await findBuyableDeal(request, { nth: 0, from: "top", highFraudRisk: true });
  const option = deal.products.filter((product) => !product.soldOut)[1];
  await register(page, `fraud-journey-${Date.now()}@example.com`, "Felix");
  await buyNow(page, { headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });

  await typeAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We're checking your order");
  const orderId = (await page.getByTestId("order-id").textContent())!.trim();
  await expect(page.getByTestId("voucher")).toContainText("Being Checked");
  await expect(page.getByTestId("voucher").locator(".font-mono")).toHaveCount(0);

  // The reviewer (the demo owner) finds the order in the queue, with why it was held.
  const reviewer = await (await browser.newContext()).newPage();
  await signInAsDemoOwner(reviewer);
  await open(reviewer, "/admin/fraud-review");
  const held = reviewer.locator("article", { has: reviewer.getByRole("heading", { name: new RegExp(`^Order ${orderId}:`) }) });
  await expect(held).toContainText(`A deal flagged high fraud risk: ${deal.headline}`);

  // No reason: refused, and the error summary takes the focus and links to the field.
  await held.getByRole("button", { name: `Approve order ${orderId}` }).click();
  const summary = reviewer.getByRole("alert");
  await expect(summary).toContainText("Give the reason for your decision");
  await expect(summary).toBeFocused();
  await summary.getByRole("link").click();
  await expect(reviewer.getByLabel(`Your reason for order ${orderId}`)).toBeFocused();

  await reviewer.getByLabel(`Your reason for order ${orderId}`).fill("Called the shopper: the card is theirs");
  await reviewer.getByRole("button", { name: `Approve order ${orderId}` }).click();
  await expect(reviewer.getByRole("status")).toHaveText(`Order ${orderId} approved: 1 voucher released, the payment taken and the shopper's confirmation sent.`);
  await open(reviewer, "/admin/fraud-review?status=decided");
  await expect(reviewer.locator("article", { has: reviewer.getByRole("heading", { name: new RegExp(`^Order ${orderId}:`) }) })).toContainText("Approved by Demo Owner");

  // The shopper's confirmation now reads as any other, with the voucher released.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByTestId("voucher")).not.toContainText("Being Checked");
});
