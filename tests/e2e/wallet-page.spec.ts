import { expect, type Page, test } from "@playwright/test";
import { addMonths } from "date-fns";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, grantWalletCredit } from "./support/checkout-journeys";
import { open, PASSWORD, register, seriousViolations } from "./support/journeys";

const londonDate = (date: Date) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(date);

/** A development-tools call with this browser's session and CSRF token. */
async function devTool(page: Page, path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post(path, { data, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

test("a shopper sees credit and its expiry on My Wallet; 12 months on it expires with a ledger entry", async ({ page }) => {
  test.slow();
  await actAsNewShopper(page);
  const email = `wallet-page-${Date.now()}@example.com`;
  await register(page, email, "Wanda");
  // Credit as goodwill would leave it: £12.00 (development tools, see start-server.ts).
  await grantWalletCredit(page, 1200);
  const expires = addMonths(new Date(), 12);

  await open(page, "/myaccount");
  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Wallet" }).click();
  await expect(page).toHaveURL(/\/myaccount\/wallet$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Wallet");
  const balances = page.getByRole("table", { name: "Your balances" });
  await expect(balances.getByRole("row", { name: /GBP/ })).toContainText("£12.00");
  await expect(balances.getByRole("row", { name: /GBP/ })).toContainText(`£12.00 on ${londonDate(expires)}`);
  const ledger = page.getByRole("table", { name: /Wallet history/ });
  const credit = ledger.getByRole("row", { name: /Development credit/ });
  await expect(credit).toContainText("Goodwill");
  await expect(credit).toContainText("+£12.00");
  await expect(credit).toContainText(londonDate(expires));
  expect(await seriousViolations(page)).toEqual([]);

  // A year and a day pass for this browser; the day-long session ends on the way: log in again.
  await devTool(page, "/v1/dev/clock", { advanceDays: 366 });
  await page.goto("/myaccount/wallet");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/myaccount\/wallet$/);

  // The expiry job, run now at this browser's clock for this shopper (the real one keeps real time).
  expect(await devTool(page, "/v1/dev/run-job", { name: "wallet.expire-credit" })).toMatchObject({ count: 1 });
  await page.reload();
  await expect(balances.getByRole("row", { name: /GBP/ })).toContainText("£0.00");
  await expect(balances.getByRole("row", { name: /GBP/ })).toContainText("Nothing");
  const expiry = ledger.getByRole("row", { name: /Expired: Development credit/ });
  await expect(expiry).toContainText("Expiry");
  await expect(expiry).toContainText("-£12.00");
  await expect(expiry).toContainText(londonDate(expires));
  // The credit itself: nothing left of it.
  await expect(ledger.getByRole("row", { name: /^.*Development credit.*\+£12\.00/ })).toContainText("£0.00");
});
