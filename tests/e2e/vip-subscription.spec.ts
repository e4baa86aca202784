import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, buyNow, type DealAnswer, findBuyableDeal, typeAddress } from "./support/checkout-journeys";
import { open, PASSWORD, register, seriousViolations } from "./support/journeys";

/** A buyable deal with a VIP price, further down the top of the range than checkout-extras.spec.ts takes. */
const findVipDeal = (request: APIRequestContext, nth: number) =>
  findBuyableDeal(request, { nth, from: "top", where: ({ deal }) => deal.vipPrice !== null && deal.display.vipDiscountAllowed });

const londonDate = (date: Date) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(date);
const yearsFromNow = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

// Two whole purchases and a year of dev clock each: one after the other, so they never race for the machine.
test.describe.configure({ mode: "default" });
test.beforeEach(({ page }) => actAsNewShopper(page));

/** A development-tools call with this browser's session and CSRF token. */
async function devTool(page: Page, path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post(path, { data, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Opens a page of the account; after the dev clock jumped, the day-long session has ended: log in again. */
async function openSignedIn(page: Page, path: string, email: string) {
  await page.goto(path);
  if (/\/login/.test(page.url())) {
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Signs up, buys a VIP deal with the VIP year added at checkout (checking nothing is pre-selected
 * and the terms are shown first), ticks renewal, and pays with a new Visa card.
 */
async function joinVipAtCheckout(page: Page, found: DealAnswer, email: string) {
  await register(page, email, "Vicky");
  const option = found.deal.products.filter((product) => !product.soldOut)[1];
  await buyNow(page, { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: 0 } });

  // Nothing VIP is in the order until the shopper adds it; price and renewal terms are shown first.
  const vip = page.getByRole("region", { name: "Extras" }).getByTestId("addon-VVE");
  await expect(vip).toContainText("Become a VIP for a year: £4.99");
  await expect(vip.getByTestId("vip-terms")).toContainText('£4.99 for one year. It renews only if you tick "Renew my VIP membership every year"');
  await expect(vip.getByTestId("vip-terms")).toContainText("cancelling in My Subscriptions");
  await expect(vip.getByRole("status")).toHaveCount(0);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByRole("checkbox", { name: /Renew my VIP membership/ })).toHaveCount(0);
  await vip.getByRole("button", { name: "Add VIP membership (£4.99)" }).click();
  await expect(vip.getByRole("status")).toHaveText("VIP Membership (1 year) is in your order.");

  // The renewal box: not ticked, its terms beside it.
  const renew = payment.getByRole("checkbox", { name: "Renew my VIP membership every year at £4.99 until I cancel" });
  await expect(renew).not.toBeChecked();
  await expect(payment.getByTestId("vip-renewal")).toContainText("We email you a reminder 14 days before each renewal, and you can cancel renewal in one click in My Subscriptions.");
  expect(await seriousViolations(page)).toEqual([]);
  await renew.check();

  await typeAddress(page, { line1: "1 Velvet Row", city: "London", postcode: "SW1A 1AA" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/35");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  const end = londonDate(yearsFromNow(1));
  await expect(page.getByTestId("vip-year")).toContainText(`You're a VIP member until ${end}`);
  await expect(page.getByTestId("vip-year")).toContainText(`It renews on ${end} at £4.99 a year until you cancel.`);
}

test("a shopper opts into VIP at checkout, sees VIP prices, cancels renewal in one click, and VIP ends after the year", async ({ page, request }) => {
  test.slow();
  const found = await findVipDeal(request, 8);
  const email = `vip-cancel-${Date.now()}@example.com`;
  await joinVipAtCheckout(page, found, email);
  const end = londonDate(yearsFromNow(1));

  // VIP prices on the deal page.
  await open(page, found.deal.urlPath);
  await expect(page.getByTestId("deal-price").first()).toContainText(pounds(found.deal.vipPrice!));

  // My Subscriptions, from the account menu: the membership, and one click to cancel renewal.
  await open(page, "/myaccount");
  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Subscriptions" }).click();
  await expect(page).toHaveURL(/\/myaccount\/subscriptions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Subscriptions");
  const membership = page.getByTestId("vip-membership");
  await expect(membership.getByTestId("vip-status")).toHaveText(`Active until ${end}.`);
  await expect(membership.getByTestId("vip-renews-on")).toContainText(`${end} (£4.99`);
  await expect(membership).toContainText(/Renewals charged to\s*Visa ending 1111/);
  expect(await seriousViolations(page)).toEqual([]);
  await membership.getByRole("button", { name: "Cancel renewal" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Renewal cancelled" });
  await expect(confirmation).toContainText(`You stay a VIP until ${end}.`);
  await expect(confirmation).toBeFocused();
  await expect(membership.getByTestId("vip-ends-on")).toHaveText(`${end} (does not renew)`);
  await expect(membership.getByRole("button", { name: "Turn renewal back on" })).toBeVisible();
  // Still VIP for now.
  await open(page, found.deal.urlPath);
  await expect(page.getByTestId("deal-price").first()).toContainText(pounds(found.deal.vipPrice!));

  // A year and a day later (this browser's clock), the expiry job ends the membership.
  await devTool(page, "/v1/dev/clock", { advanceDays: 366 });
  await openSignedIn(page, "/myaccount/subscriptions", email);
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.expire" })).toMatchObject({ count: 1 });
  await page.reload();
  await expect(page.getByTestId("vip-status")).toHaveText("You're not a VIP member.");
  await expect(page.getByTestId("vip-membership")).toContainText("Join again any time: add VIP membership (£4.99 a year) to your next order at checkout.");
  await open(page, found.deal.urlPath);
  await expect(page.getByTestId("deal-price").first()).not.toContainText(pounds(found.deal.vipPrice!));
});

test("the renewal job charges the saved card only after the reminder email", async ({ page, request }) => {
  test.slow();
  const found = await findVipDeal(request, 9);
  const email = `vip-renew-${Date.now()}@example.com`;
  await joinVipAtCheckout(page, found, email);
  const end = londonDate(yearsFromNow(1));
  const mailbox = async () => (await page.context().request.get("/dev/mailbox")).text();

  // 13 days before the year ends: the renewal is not charged before the reminder.
  await devTool(page, "/v1/dev/clock", { advanceDays: 352 });
  await openSignedIn(page, "/myaccount/subscriptions", email);
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.renew" })).toMatchObject({ count: 0 });
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.remind-renewal" })).toMatchObject({ count: 1 });
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.remind-renewal" })).toMatchObject({ count: 0 });
  await expect.poll(mailbox, { timeout: 15_000 }).toContain(`Your VIP membership renews on ${end}`);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: `Your VIP membership renews on ${end}` }).click();
  await expect(page.locator("pre")).toContainText(`renews on ${end} for another year at £4.99, charged to Visa ending 1111`);
  await expect(page.locator("pre")).toContainText("/myaccount/subscriptions");

  // 2 days before the end: charged once, on the saved card, for another year.
  await devTool(page, "/v1/dev/clock", { advanceDays: 11 });
  await openSignedIn(page, "/myaccount/subscriptions", email);
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.renew" })).toMatchObject({ count: 1 });
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.renew" })).toMatchObject({ count: 0 });
  await page.reload();
  const nextEnd = londonDate(yearsFromNow(2));
  await expect(page.getByTestId("vip-status")).toHaveText(`Active until ${nextEnd}.`);
  await expect(page.getByTestId("vip-renews-on")).toContainText(nextEnd);
  await expect.poll(mailbox, { timeout: 15_000 }).toContain("Your VIP membership has been renewed");
});
