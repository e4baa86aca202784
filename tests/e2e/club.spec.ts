import { expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, buyNow, findBuyableDeal, payWithTestCard } from "./support/checkout-journeys";
import { open, PASSWORD, register, seriousViolations } from "./support/journeys";

/** A development-tools call with this browser's session and CSRF token. */
async function devTool(page: Page, path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post(path, { data, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

test("a purchase earns Club points 30 days later; the Bronze shopper exchanges them for wallet credit and sees it in the wallet", async ({ page, request }) => {
  test.slow();
  await actAsNewShopper(page);
  // A believable £100-£300 buy (no fees, nothing posted), so its price is what earns the points.
  const found = await findBuyableDeal(request, {
    nth: 0,
    from: "bottom",
    where: ({ deal }) => {
      const option = deal.products.filter((product) => !product.soldOut)[1];
      return option.price >= 10_000 && option.price <= 30_000 && option.adminFee === 0 && deal.deliveryType === "none";
    },
  });
  const option = found.deal.products.filter((product) => !product.soldOut)[1];
  const email = `club-${Date.now()}@example.com`;
  await register(page, email, "Clara");

  // A new member is Pink: nothing to exchange yet.
  await open(page, "/myaccount/rewards");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Club");
  await expect(page.getByTestId("club-level")).toHaveText("Pink");
  await expect(page.getByTestId("club-exchange-unavailable")).toContainText("Reach the next level to exchange points for wallet credit.");

  // Viewing the deal while signed in earns a point; buying it earns a point a pound, 30 days on.
  await buyNow(page, { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  await payWithTestCard(page);
  const purchasePoints = Math.floor(option.price / 100);
  await open(page, "/myaccount/rewards");
  await expect(page.getByTestId("club-activity")).toContainText(`Viewed: ${found.deal.headline}`);
  await expect(page.getByTestId("club-current-points")).toHaveText("1");

  // 31 days pass for this browser; the day-long session ends on the way: log in again.
  await devTool(page, "/v1/dev/clock", { advanceDays: 31 });
  await page.goto("/myaccount/rewards");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/myaccount\/rewards$/);

  // The points job, run now at this browser's clock for this shopper (the real one keeps real time).
  expect(await devTool(page, "/v1/dev/run-job", { name: "loyalty.credit-purchase-points" })).toMatchObject({ count: 1 });
  await open(page, "/myaccount/rewards");
  const points = purchasePoints + 1;
  await expect(page.getByTestId("club-level")).toHaveText("Bronze");
  await expect(page.getByTestId("club-current-points")).toHaveText(points.toLocaleString("en-GB"));
  await expect(page.getByTestId("club-lifetime-points")).toHaveText(points.toLocaleString("en-GB"));
  await expect(page.getByRole("row", { name: new RegExp(`Purchase: .*${found.deal.headline.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })).toContainText(`+${purchasePoints}`);
  const field = page.getByLabel("Points to exchange");
  await expect(field).toHaveAccessibleDescription(new RegExp(`Please select a number between 1 and ${points} to exchange your points\\.`));
  expect(await seriousViolations(page)).toEqual([]);

  // Too many points: the error summary takes the focus and names the range.
  await field.fill(String(points + 1));
  await page.getByRole("button", { name: "Exchange points" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText(`Please select a number between 1 and ${points} to exchange your points.`);
  await expect(summary).toBeFocused();

  // All of them, at Bronze's 1p a point.
  await field.fill(String(points));
  await expect(page.getByText(`Worth ${pounds(points)} of wallet credit.`)).toBeVisible();
  await page.getByRole("button", { name: "Exchange points" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You exchanged" })).toHaveText(
    new RegExp(`You exchanged ${points.toLocaleString("en-GB")} points for ${pounds(points).replace(".", "\\.")} of wallet credit\\.`),
  );
  await expect(page.getByTestId("club-current-points")).toHaveText("0");
  await expect(page.getByTestId("club-exchange-unavailable")).toHaveText("You don't have enough points");

  // The credit is in the wallet, marked as Club points.
  await page.getByRole("link", { name: "See your wallet" }).click();
  await expect(page).toHaveURL(/\/myaccount\/wallet$/);
  await expect(page.getByRole("table", { name: "Your balances" }).getByRole("row", { name: /GBP/ })).toContainText(pounds(points));
  const credit = page.getByRole("table", { name: /Wallet history/ }).getByRole("row", { name: /Club points exchanged/ });
  await expect(credit).toContainText("Club points");
  await expect(credit).toContainText(`+${pounds(points)}`);
});
