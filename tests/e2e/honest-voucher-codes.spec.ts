import { expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { DEV_CLOCK_COOKIE } from "../../server/dev-clock";
import { actAsNewShopper, buyNow, findBuyableDeal, grantWalletCredit, typeAddress } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

/** Moves this browser's clock forward (development tools); the shop and its jobs keep real time for everyone else. */
async function advanceClock(page: Page, days: number): Promise<void> {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post("/v1/dev/clock", { data: { advanceDays: days }, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.status()).toBe(200);
}

/** The page shows the voucher as not ready, and its code is nowhere in what the server sent. */
async function expectNoCodeYet(page: Page, code: string): Promise<void> {
  await expect(page.getByTestId("voucher-status").first()).toContainText("Not Yet Ready");
  await expect(page.locator("body")).not.toContainText("Ready to Redeem");
  await expect(page.locator("body")).not.toContainText(code);
  // Not merely hidden: the code is not in the HTML nor in the page's data.
  expect(await page.content()).not.toContain(code);
}

test("a voucher that is not ready yet shows no code and no Ready to Redeem on its page, the refund, credit and extend pages, My Vouchers or the PDF", async ({ page, request }) => {
  test.slow();
  // A deal still on sale tomorrow, whose second option has no fees.
  const tomorrowAndMore = Date.now() + 3 * 86_400_000;
  const found = await findBuyableDeal(request, {
    nth: 23,
    from: "top",
    where: ({ deal: candidate }) => {
      const option = candidate.products.filter((product) => !product.soldOut)[1];
      return candidate.deliveryType === "none" && option.adminFee === 0 && option.price >= 1000 && option.price <= 30_000 && new Date(candidate.closingDate).getTime() > tomorrowAndMore;
    },
  });
  const option = found.deal.products.filter((product) => !product.soldOut)[1];
  const deal = { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } };
  // The journeys' shop makes vouchers ready at once; this shopper buys a day ahead of today (its
  // browser's clock moved on), so back at today's time the voucher is a day from ready, as after
  // a purchase with the production 24-hour wait.
  // (The sandbox card gateway keeps real time, so a time-travelled shopper pays with wallet credit.)
  await advanceClock(page, 1);
  await register(page, `honest-codes-${Date.now()}@example.com`, "Hana");
  await grantWalletCredit(page, deal.option.price);
  await buyNow(page, deal);
  await typeAddress(page);
  await page.getByRole("button", { name: "Use my wallet credit" }).click();
  await page.getByRole("region", { name: "Payment" }).getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  const print = page.getByRole("link", { name: /^Print voucher / }).first();
  const code = /^Print voucher (\S+) \(PDF\)$/.exec((await print.getAttribute("aria-label")) ?? "")![1];
  const voucherId = Number(/voucherId=(\d+)/.exec((await print.getAttribute("href")) ?? "")![1]);

  await page.context().clearCookies({ name: DEV_CLOCK_COOKIE });

  await open(page, `/myaccount/vouchers/${voucherId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.headline);
  await expect(page.getByTestId("voucher-ready-on")).toContainText("Your voucher will be ready on");
  await expect(page.getByTestId("voucher-timeline").getByRole("listitem")).toHaveText([/^Not Yet Ready/]);
  await expect(page.getByRole("img", { name: /^QR code of voucher/ })).toHaveCount(0);
  await expectNoCodeYet(page, code);
  expect(await seriousViolations(page)).toEqual([]);

  for (const [kind, title] of [
    ["refund", "Refund your voucher"],
    ["credit", "Exchange your voucher for wallet credit"],
    ["extend", "Extend your voucher"],
  ] as const) {
    await open(page, `/myaccount/vouchers/${voucherId}/${kind}`);
    await expect(page.getByRole("heading", { level: 1 }), kind).toHaveText(title);
    await expectNoCodeYet(page, code);
  }

  await open(page, "/myaccount/vouchers");
  const listed = page.getByTestId("voucher").filter({ hasText: deal.headline });
  await expect(listed).toContainText("Your voucher will be ready on");
  await expect(listed).toContainText("Not Yet Ready");
  await expect(listed).not.toContainText("Ready to Redeem");
  expect(await page.content()).not.toContain(code);

  const pdf = await page.request.get(`/deal/print-voucher?voucherId=${voucherId}`);
  expect(pdf.status()).toBe(409);
  expect(await pdf.text()).toMatch(/^Your voucher will be ready on /);
  const api = await page.request.get(`/v1/voucher/${voucherId}`);
  expect(await api.json()).toMatchObject({ code: null, status: "Not Yet Ready", statusCode: "NOT_YET_READY" });
});
