import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { formatMoney } from "../../lib/money";
import { DEAL_PROTECTION_PRICE } from "../../modules/basket/line-pricing";
import { actAsNewShopper, buyNow, type DealAnswer, escapeRegExp, findBuyableDeal, payWithTestCard } from "./support/checkout-journeys";
import { open, PASSWORD, register, seriousViolations } from "./support/journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

/** A plain deal from the top of the range whose second option has counted stock and no fees, so its units left show a refund. */
const findStockedDeal = (request: APIRequestContext, nth: number) =>
  findBuyableDeal(request, {
    nth,
    from: "top",
    where: ({ deal }) => {
      const option = deal.products.filter((product) => !product.soldOut)[1];
      return deal.deliveryType === "none" && option.adminFee === 0 && option.totalRemaining !== null && option.price >= 1000;
    },
  });

const secondOption = (found: DealAnswer) => found.deal.products.filter((product) => !product.soldOut)[1];

async function unitsLeft(request: APIRequestContext, found: DealAnswer): Promise<number | null> {
  const answer = (await (await request.get(`/v1/deal/${found.deal.id}`)).json()) as DealAnswer;
  return answer.deal.products.find((product) => product.id === secondOption(found).id)!.totalRemaining;
}

/** Signs up, buys the deal's second option (with Deal Protection if asked): the shopper's email and the voucher's id. */
async function buyVoucher(page: Page, found: DealAnswer, name: string, options: { protection?: boolean } = {}): Promise<{ email: string; voucherId: number }> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  await register(page, email, name);
  const option = secondOption(found);
  await buyNow(page, { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  if (options.protection) {
    const extras = page.getByRole("region", { name: "Extras" });
    // The fee's refund rule is said before purchase, beside the offer.
    await expect(extras.getByTestId("addon-DVP")).toContainText("If you cancel your whole order within 14 days, this fee is refunded too.");
    await extras.getByRole("button", { name: "Add Deal Protection (£1.99)" }).click();
    await expect(extras.getByTestId("addon-DVP").getByRole("status")).toHaveText("Deal Protection is in your order.");
  }
  await payWithTestCard(page);
  const print = await page.getByRole("link", { name: /^Print voucher/ }).first().getAttribute("href");
  return { email, voucherId: Number(/voucherId=(\d+)/.exec(print ?? "")![1]) };
}

test("a shopper refunds a voucher to their card within 14 days: Refunded, the stock is back", async ({ page, request }) => {
  test.slow();
  const found = await findStockedDeal(request, 0);
  const { voucherId } = await buyVoucher(page, found, "Rita");
  const afterPurchase = await unitsLeft(request, found);

  await open(page, `/myaccount/vouchers/${voucherId}/refund`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refund your voucher");
  await expect(page.getByTestId("refund-deadline")).toContainText("You can refund this voucher until the end of");
  const toCard = page.getByRole("radio", { name: /Back to how you paid/ });
  const toWallet = page.getByRole("radio", { name: /Wallet credit/ });
  await expect(toCard).toHaveAccessibleDescription(/back to your Visa ending 1111/);
  await expect(toWallet).toHaveAccessibleDescription(/wallet credit, instantly/);
  // Nothing is chosen for the shopper.
  await expect(toCard).not.toBeChecked();
  await expect(toWallet).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Confirm refund" }).click();
  await expect(page.getByRole("alert")).toContainText("Please choose where your refund should go.");
  await expect(page.getByRole("alert")).toBeFocused();

  await toCard.check();
  await page.getByRole("button", { name: "Confirm refund" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "Refunded" });
  await expect(outcome).toContainText("is on its way back to your Visa ending 1111");
  await expect(page.getByTestId("voucher-status")).toHaveText("Refunded");
  expect(await unitsLeft(request, found)).toBe(afterPurchase! + 1);

  // The confirmation email is in the (development) mailbox.
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain("Your refund is confirmed");
});

test("with Deal Protection, a whole order refunded within 14 days gives the fee back too, and says so first", async ({ page, request }) => {
  test.slow();
  const found = await findStockedDeal(request, 2);
  const { email, voucherId } = await buyVoucher(page, found, "Fay", { protection: true });
  const paid = formatMoney(secondOption(found).price + DEAL_PROTECTION_PRICE.GBP, "GBP");

  await open(page, `/myaccount/vouchers/${voucherId}/refund`);
  await expect(page.getByTestId("refund-protection-fee")).toContainText(`the refund includes the ${formatMoney(DEAL_PROTECTION_PRICE.GBP, "GBP")} Deal Protection fee`);
  const toCard = page.getByRole("radio", { name: /Back to how you paid/ });
  await expect(toCard).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(paid)} back to your Visa ending 1111`));
  await toCard.check();
  await page.getByRole("button", { name: "Confirm refund" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refunded" })).toContainText(`${paid} is on its way back to your Visa ending 1111`);
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain("Your refund is confirmed");
  await page.goto("/dev/mailbox");
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Your refund is confirmed" }).click();
  await expect(page.getByRole("main")).toContainText("this includes the £1.99 Deal Protection fee");
});

test("with Deal Protection, a refund to the wallet is still possible 20 days later", async ({ page, request }) => {
  test.slow();
  const found = await findStockedDeal(request, 1);
  const { email, voucherId } = await buyVoucher(page, found, "Petra", { protection: true });

  // Twenty days pass for this browser (development tools): past the 14 days, within protection.
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const travelled = await page.request.post("/v1/dev/clock", { data: { advanceDays: 20 }, headers: { [CSRF_HEADER]: csrfToken } });
  expect(travelled.status()).toBe(200);

  // The day-long session ended meanwhile: the shopper logs in again and comes back to the refund.
  await page.goto(`/myaccount/vouchers/${voucherId}/refund`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/myaccount/vouchers/${voucherId}/refund$`));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await page.getByRole("radio", { name: /Wallet credit/ }).check();
  await page.getByRole("button", { name: "Confirm refund" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refunded" })).toContainText(`£${(secondOption(found).price / 100).toFixed(2)} is in your wallet now`);
  await expect(page.getByTestId("voucher-status")).toHaveText("Refunded");
});
