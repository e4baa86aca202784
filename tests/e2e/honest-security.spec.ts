import { expect, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, buyNow, findDealFromTop, grantWalletCredit, shopperAddress, totalToPay } from "./support/checkout-journeys";
import { open, PASSWORD, register } from "./support/journeys";

const COMMON = "This password is too common and easy to guess. Please choose another.";

test("a sign-in link that points off the site still lands the shopper on this site", async ({ page, playwright, baseURL }) => {
  // The shopper's account, made through the API from an address of its own.
  const email = `redirect-${Date.now()}@example.com`;
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: shopperAddress() });
  const { csrfToken } = (await (await api.get("/v1/user/session")).json()) as { csrfToken: string };
  const registered = await api.post("/v1/register", {
    data: { firstName: "Rita", lastName: "Direct", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { [CSRF_HEADER]: csrfToken },
  });
  expect(registered.status()).toBe(201);
  await api.dispose();

  await actAsNewShopper(page);
  // "/..//evil.example" normalises to "//evil.example", which a browser reads as another host.
  await open(page, `/login?redirectUrl=${encodeURIComponent("/..//evil.example")}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  // The default page after sign-in ("/", which shows the shopper's location's deals), on this site.
  await expect(page).toHaveURL(new URL("/deals/london", baseURL).href);
  await expect(page.getByRole("navigation", { name: "Account", exact: true })).toContainText("Rita");
});

test("the shop's own name is refused as a password, with the common-password message", async ({ page }) => {
  await actAsNewShopper(page);
  await open(page, "/register");
  await page.getByLabel("First Name").fill("Wanda");
  await page.getByLabel("Last Name").fill("Brand");
  await page.getByLabel("Email", { exact: true }).fill(`brand-${Date.now()}@example.com`);
  for (const password of ["wowcher123", "Dealwise1!"]) {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(COMMON);
    await expect(page).toHaveURL(/\/register/);
  }
});

test("following a link to the checkout API does not switch wallet credit on; the checkout's own button does", async ({ page, request }) => {
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 47);
  await register(page, `wallet-get-${Date.now()}@example.com`, "Gina");
  await grantWalletCredit(page, 500);
  await buyNow(page, deal);
  const checkout = page.url();
  const token = /\/checkout\/([\w-]+)$/.exec(checkout)![1];
  const before = await totalToPay(page);

  // A link on another site (a top-level GET carries the shopper's cookies): it may show a preview, never change the basket.
  const followed = await page.goto(`/v1/checkout/${token}?wallet=true`);
  expect(followed?.status()).toBe(200);
  await open(page, checkout);
  await expect(page.getByRole("button", { name: "Use my wallet credit" })).toBeVisible();
  expect(await totalToPay(page)).toBe(before);

  await page.getByRole("button", { name: "Use my wallet credit" }).click();
  await expect(page.getByRole("button", { name: "Stop using wallet credit" })).toBeVisible();
  await expect.poll(() => totalToPay(page)).toBe(before - 500);
  // Kept on the basket by that POST: still there after a reload.
  await open(page, checkout);
  await expect(page.getByRole("button", { name: "Stop using wallet credit" })).toBeVisible();
});
