import { type Page, expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findBuyableDeal, typeAddress } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";
import { signUpMerchant } from "./support/merchant-journeys";

const TRACKING = "AB123456789GB";

/** The shopper's voucher page, read afresh. */
async function voucherPage(page: Page, voucherId: number) {
  await open(page, `/myaccount/vouchers/${voucherId}`);
  return { status: page.getByTestId("voucher-status"), progress: page.getByTestId("order-progress") };
}

/**
 * A posted item's whole life, as the shopper and the merchant click it: bought, dispatched with
 * tracking in the merchant portal, delivered, returned with a label, received by the merchant,
 * refunded by the background job.
 */
test("a shop item is dispatched with tracking, delivered, returned and refunded", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await actAsNewShopper(page);
  // The seed hides tracking on every fifth posted deal (seed/deals.ts): take one that shows it.
  const { deal } = await findBuyableDeal(request, { nth: 4, from: "top", where: (answer) => answer.deal.deliveryType !== "none" && answer.deal.id % 5 !== 0 });
  const option = deal.products.filter((product) => !product.soldOut)[1];
  await register(page, `lifecycle-${Date.now()}@example.com`, "Lena");
  await buyNow(page, { headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  await typeAddress(page, { line1: "7 Parcel Row", city: "Leeds", postcode: "LS1 4AB" });
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111111111111111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  const orderId = page.url().match(/(\d+)$/)![1];

  await open(page, "/myaccount/vouchers");
  const printHref = await page.getByTestId("voucher").filter({ hasText: deal.headline }).getByRole("link", { name: /Print voucher/ }).getAttribute("href");
  const voucherId = Number(new URL(printHref!, page.url()).searchParams.get("voucherId"));
  let shopper = await voucherPage(page, voucherId);
  await expect(shopper.progress.getByRole("heading")).toHaveText("Order progress: Processing Order");
  await expect(shopper.progress).toContainText(/Delivery on or before \w+day, \d{1,2} \w+ \d{4}/);

  // The merchant finds the order with its address, and dispatches it (a courier must be chosen).
  const portal = await signUpMerchant(browser, deal.id, `dispatch-${Date.now()}@example.com`);
  await portal.getByRole("link", { name: "Orders to dispatch" }).click();
  await expect(portal.getByRole("heading", { level: 1 })).toHaveText("Orders to dispatch");
  const parcel = portal.getByTestId("shipment").filter({ hasText: `Order ${orderId}:` });
  await expect(parcel).toContainText("7 Parcel Row");
  await expect(parcel).toContainText(/Delivery on or before\s*\w+day, \d{1,2} \w+ \d{4}/);
  await expect(parcel.getByLabel("Courier")).toHaveValue("");
  await parcel.getByLabel("Tracking number").fill(TRACKING);
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  const problem = portal.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problem).toBeFocused();
  await expect(problem.getByRole("link", { name: "Please choose the courier from the list." })).toBeVisible();
  expect(await seriousViolations(portal)).toEqual([]);
  await parcel.getByLabel("Courier").selectOption({ label: "Royal Mail" });
  await parcel.getByRole("button", { name: "Dispatch" }).click();
  const done = portal.getByRole("status").filter({ hasText: `Dispatched with Royal Mail, tracking number ${TRACKING}.` });
  await expect(done).toBeFocused();

  shopper = await voucherPage(page, voucherId);
  await expect(shopper.progress.getByRole("heading")).toHaveText("Order progress: Dispatched");
  await expect(shopper.progress).toContainText(`Courier: Royal Mail · Tracking number: ${TRACKING}`);

  // Delivered: the voucher is fulfilled (Redeemed) and the return opens.
  await portal.getByRole("navigation", { name: "Filter orders" }).getByRole("link", { name: "Dispatched" }).click();
  await portal.getByTestId("shipment").filter({ hasText: `Order ${orderId}:` }).getByRole("button", { name: "Mark as delivered" }).click();
  await expect(portal.getByRole("status").filter({ hasText: "Marked as delivered." })).toBeFocused();

  shopper = await voucherPage(page, voucherId);
  await expect(shopper.progress.getByRole("heading")).toHaveText("Order progress: Delivered");
  await expect(shopper.status).toContainText("Redeemed");
  await page.getByRole("link", { name: "Return your item" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Return an item");
  await page.getByRole("button", { name: "Start return" }).click();
  const reasonProblem = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(reasonProblem).toBeFocused();
  await expect(reasonProblem).toContainText("Please select a reason...");
  await page.getByLabel("Reason for return").selectOption({ label: "The item is faulty or damaged" });
  await page.getByRole("button", { name: "Start return" }).click();
  await expect(page.getByText("Your return has started.")).toBeVisible();
  const reference = (await page.getByRole("status").locator(".font-mono").textContent())!.trim();
  const labelHref = await page.getByRole("link", { name: "Print your returns label (PDF)" }).getAttribute("href");
  const label = await page.request.get(labelHref!);
  expect(label.status()).toBe(200);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("link", { name: "Go to My Returns" }).click();
  await page.getByRole("button", { name: `I've posted it (${reference})` }).click();
  await expect(page.getByRole("status")).toContainText("your return is on its way to the merchant");

  // The merchant confirms the parcel arrived, by the label's reference.
  await portal.getByRole("link", { name: "Returns", exact: true }).click();
  await expect(portal.getByRole("table")).toContainText(reference);
  await portal.getByLabel("Return reference").fill(reference.toLowerCase());
  await portal.getByRole("button", { name: "Confirm receipt" }).click();
  await expect(portal.getByRole("status")).toContainText("Returned to the Merchant; the shopper's refund is on its way.");
  await expect(portal.getByRole("status")).toBeFocused();
  expect(await seriousViolations(portal)).toEqual([]);
  await portal.context().close();

  // The refund job runs in the server's background runner (it polls every second).
  await expect
    .poll(
      async () => {
        shopper = await voucherPage(page, voucherId);
        return (await shopper.status.textContent()) ?? "";
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toContain("Refunded");
  await expect(page.getByTestId("voucher-timeline")).toContainText("Returned to the Merchant");
});
