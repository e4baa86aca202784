import { type Browser, expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard } from "./support/checkout-journeys";
import { fillRegistration, open, PASSWORD, register, seriousViolations } from "./support/journeys";

/** A development-tools call with this browser's session and CSRF token. */
async function devTool(page: Page, path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post(path, { data, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A friend in a browser of their own follows the invitation link, signs up on the invitation page and buys a deal: the voucher's id. */
async function friendSignsUpAndBuys(browser: Browser, shareUrl: string, friend: { firstName: string; email: string }, deal: Awaited<ReturnType<typeof findDealFromTop>>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await actAsNewShopper(page);
  await page.goto(shareUrl);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rhea has invited you to Wowcher");
  await expect(page.getByRole("main")).toContainText("Rhea gets £10.00 wallet credit as a thank-you for inviting you");
  await fillRegistration(page, { email: friend.email, firstName: friend.firstName, lastName: "Friend" });
  await page.waitForURL(/\/myaccount/);
  await buyNow(page, deal);
  await payWithTestCard(page);
  const print = await page.getByRole("link", { name: /^Print voucher/ }).first().getAttribute("href");
  return { page, context, voucherId: Number(/voucherId=(\d+)/.exec(print ?? "")![1]) };
}

test("a referrer shares their link; a friend who signs up through it and buys earns them 10.00 after 14 days, a friend who refunds earns nothing", async ({ page, browser, request, context }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await actAsNewShopper(page);
  const referrerEmail = `rhea-${stamp}@example.com`;
  await register(page, referrerEmail, "Rhea", "Referrer");

  // Refer a Friend from the account menu: a personal link on the shop's own address, and share buttons.
  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Refer a Friend" }).click();
  await expect(page).toHaveURL(/\/myaccount\/refer-a-friend$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refer a Friend");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const link = page.getByLabel("Your personal link");
  const shareUrl = await link.inputValue();
  expect(shareUrl).toMatch(/^http:\/\/localhost:\d+\/refer\/[2-9A-HJ-NP-Z]{10}$/);
  await expect(page.getByRole("link", { name: /Share on WhatsApp/ })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(shareUrl).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByRole("main")).toContainText("you get £10.00 wallet credit once their order's 14-day refund period has passed");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expect(page.getByTestId("raf-counters")).toContainText("Shared 1 time");

  // Two friends follow the link in their own browsers, sign up through it and buy; the second asks for a refund.
  const bea = await friendSignsUpAndBuys(browser, shareUrl, { firstName: "Bea", email: `bea-${stamp}@example.com` }, await findDealFromTop(request, 44));
  const cy = await friendSignsUpAndBuys(browser, shareUrl, { firstName: "Cy", email: `cy-${stamp}@example.com` }, await findDealFromTop(request, 45));
  await open(cy.page, `/myaccount/vouchers/${cy.voucherId}/refund`);
  await cy.page.getByRole("radio", { name: /Back to how you paid/ }).check();
  await cy.page.getByRole("button", { name: "Confirm refund" }).click();
  await expect(cy.page.getByTestId("voucher-status")).toHaveText("Refunded");
  await Promise.all([bea.context.close(), cy.context.close()]);

  await page.reload();
  await expect(page.getByTestId("raf-counters")).toContainText("Opened 2 times");
  const friends = page.getByTestId("raf-friend");
  await expect(friends.filter({ hasText: "Bea F." })).toContainText("Ordered: your reward is due from");
  await expect(friends.filter({ hasText: "Cy F." })).toContainText("Ordered: your reward is due from");
  await expect(page.getByTestId("raf-earned")).toHaveText("You have earned £0.00 so far.");

  // 15 days pass for the referrer's browser (the day-long session ends on the way: log in again).
  await devTool(page, "/v1/dev/clock", { advanceDays: 15 });
  await page.goto("/myaccount/refer-a-friend");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email", { exact: true }).fill(referrerEmail);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/myaccount\/refer-a-friend$/);

  // The reward job, run now at this browser's clock for this referrer: one reward, one refusal.
  expect(await devTool(page, "/v1/dev/run-job", { name: "referrals.reward" })).toMatchObject({ count: 2 });
  await page.reload();
  await expect(friends.filter({ hasText: "Bea F." })).toContainText("You earned £10.00 on");
  await expect(friends.filter({ hasText: "Cy F." })).toContainText("No reward: their first order was refunded");
  await expect(page.getByTestId("raf-earned")).toHaveText("You have earned £10.00 so far.");

  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Wallet" }).click();
  const balances = page.getByRole("table", { name: "Your balances" });
  await expect(balances.getByRole("row", { name: /GBP/ })).toContainText("£10.00");
  const credit = page.getByRole("table", { name: /Wallet history/ }).getByRole("row", { name: /Refer a friend: Bea F\./ });
  await expect(credit).toContainText("Referral");
  await expect(credit).toContainText("Marketing credit");
  await expect(credit).toContainText("+£10.00");
  await expect(page.getByTestId("wallet-entry")).toHaveCount(1);
});
