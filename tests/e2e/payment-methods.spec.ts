import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, payWithWallet, typeAddress } from "./support/checkout-journeys";
import { fillRegistration, open, register, seriousViolations } from "./support/journeys";

// The journey server switches Klarna and Clearpay on (tests/e2e/start-server.ts); the shop's default is off.

test.beforeEach(async ({ page }) => {
  await actAsNewShopper(page);
});

test("a guest sees the other ways to pay, registers at checkout and pays with PayPal", async ({ page, request }) => {
  const deal = await findDealFromTop(request, 0);
  await buyNow(page, deal);
  const payment = page.getByRole("region", { name: "Payment" });
  const others = payment.getByRole("group", { name: "Pay another way" });
  // What the checkout offers, each off until the guest has an account, as the card's Pay button is.
  for (const name of ["PayPal", "PayPal Credit", "Google Pay", "Klarna", "Clearpay"]) {
    await expect(others.getByRole("button", { name: `Pay with ${name}`, exact: true })).toBeDisabled();
  }
  // Chromium is no Apple device: no Apple Pay.
  await expect(others.getByRole("button", { name: "Pay with Apple Pay" })).toHaveCount(0);
  await expect(others).toContainText("Representative APR 23.9%");

  await fillRegistration(page.getByRole("form", { name: "Register" }), { email: `paypal-${Date.now()}@example.com`, firstName: "Pam", lastName: "Pal" });
  await expect(page.getByRole("region", { name: "Your Details" })).toContainText("Signed in as");
  await expect(others.getByRole("button", { name: "Pay with PayPal", exact: true })).toBeEnabled();

  // PayPal's approval first, then 'Your Details' must still be complete.
  await payWithWallet(page, "PayPal", "Approve payment");
  await expect(page.getByRole("region", { name: "Your Details" }).getByText("Required field").first()).toBeVisible();
  await typeAddress(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Cancelling the approval window changes nothing.
  await payment.getByRole("button", { name: "Pay with PayPal", exact: true }).click();
  await page.getByRole("dialog", { name: "PayPal sandbox" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "PayPal sandbox" })).toBeHidden();
  await expect(page).toHaveURL(/\/checkout\//);

  await payWithWallet(page, "PayPal", "Approve payment");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByTestId("order-total")).toContainText("by PayPal");
  await expect(page.getByTestId("voucher")).toHaveCount(1);
  await expect(page.getByTestId("voucher")).toContainText(deal.headline);
});

test("a refused wallet payment shows the reason and keeps the basket; Klarna waits for the 18+ confirmation", async ({ page, request }) => {
  const deal = await findDealFromTop(request, 1);
  await register(page, `klarna-${Date.now()}@example.com`, "Kim");
  await buyNow(page, deal);
  await typeAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });

  await payWithWallet(page, "PayPal", "Refuse payment");
  const problem = payment.getByRole("alert");
  await expect(problem).toContainText("Oops! Payment Failed");
  await expect(problem).toContainText("PayPal couldn't accept this payment. Please choose another way to pay.");
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByTestId("basket-line")).toContainText(deal.headline);
  await expect(page.getByTestId("reservation")).toContainText("Reserved at price for");

  await payWithWallet(page, "Google Pay", "Provider unavailable");
  await expect(problem).toContainText("We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.");
  await expect(page.getByTestId("basket-line")).toContainText(deal.headline);

  // Klarna is refused until the shopper confirms they are 18 or over.
  const klarna = payment.getByRole("button", { name: "Pay with Klarna" });
  await expect(klarna).toBeDisabled();
  await expect(payment).toContainText("You must be 18 or over to pay with Klarna.");
  await payment.getByLabel(/I confirm I am 18 or over/).check();
  await expect(klarna).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await payWithWallet(page, "Klarna", "Approve payment");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByTestId("order-total")).toContainText("by Klarna");

  // Only one order: the refusals placed none.
  await open(page, "/myaccount/vouchers");
  await expect(page.getByTestId("voucher")).toHaveCount(1);
});

test("a browser with Apple Pay is offered it and can pay with it", async ({ page, request }) => {
  await page.addInitScript(() => {
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = { canMakePayments: () => true };
  });
  const deal = await findDealFromTop(request, 2);
  await register(page, `apple-${Date.now()}@example.com`, "Abe");
  await buyNow(page, deal);
  await typeAddress(page);
  const apple = page.getByRole("region", { name: "Payment" }).getByRole("button", { name: "Pay with Apple Pay" });
  await expect(apple).toBeEnabled();
  await payWithWallet(page, "Apple Pay", "Approve payment");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByTestId("order-total")).toContainText("by Apple Pay");
});
