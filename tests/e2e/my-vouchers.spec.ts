import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, typeAddress } from "./support/checkout-journeys";
import { register, seriousViolations } from "./support/journeys";

test("a shopper buys a deal, finds it in My Vouchers and opens it: timeline, Need help? and a Refund link", async ({ page, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 11);
  await register(page, `vouchers-${Date.now()}@example.com`, "Vera");

  await buyNow(page, deal);
  await typeAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);

  await page.getByRole("link", { name: "See all your vouchers in My Vouchers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Vouchers");
  const voucher = page.getByTestId("voucher");
  await expect(voucher).toHaveCount(1);
  await expect(voucher).toContainText("Ready to Redeem");

  // Current holds it, Past does not.
  const tabs = page.getByRole("navigation", { name: "Which vouchers" });
  await tabs.getByRole("link", { name: "Past" }).click();
  await expect(page.getByText("You have no past vouchers.")).toBeVisible();
  await tabs.getByRole("link", { name: "Current" }).click();
  await expect(tabs.getByRole("link", { name: "Current" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("voucher")).toContainText(deal.headline);

  // By keyboard: open the voucher; focus lands on the new page's heading.
  await page.getByRole("link", { name: `View voucher: ${deal.headline}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/myaccount\/vouchers\/\d+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(deal.headline);
  await expect(heading).toBeFocused();

  const timeline = page.getByTestId("voucher-timeline");
  await expect(timeline.getByRole("listitem")).toHaveCount(1);
  await expect(timeline.getByRole("listitem").first()).toContainText(/Ready to Redeem\s*\d{1,2} \w+ \d{4}(,| at) \d\d:\d\d/);
  await expect(page.getByText(/Voucher code:/)).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code of voucher / })).toBeVisible();

  const help = page.getByRole("region", { name: "Need help?" });
  await expect(help.getByRole("heading", { level: 3, name: /^Contact / })).toBeVisible();
  await expect(help.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(help.getByRole("link", { name: /^0\d/ })).toHaveAttribute("href", /^tel:/);
  const refund = help.getByRole("link", { name: "Refund", exact: true });
  await expect(refund).toHaveAttribute("href", /\/myaccount\/vouchers\/\d+\/refund$/);
  expect(await seriousViolations(page)).toEqual([]);

  // The old address of My Vouchers still leads there.
  await page.goto("/voucher");
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
});
