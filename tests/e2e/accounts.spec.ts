import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, register, seriousViolations } from "./support/journeys";

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("register, log out, log in, get locked out, reset through the mailbox link, log in", async ({ page }) => {
  test.slow(); // eleven sign-in forms, each an argon2id check, and a wait for the mailbox
  const email = `journey-${Date.now()}@example.com`;
  await register(page, email);
  await expect(page).toHaveURL(/\/myaccount\?registered=1$/);
  await expect(page.getByRole("status")).toHaveText("You have been successfully registered");
  const account = page.getByRole("navigation", { name: "Account", exact: true });
  await expect(account.getByText("Hi, Ann")).toBeVisible();

  await account.getByRole("button", { name: "Sign out" }).click();
  await expect(account.getByRole("link", { name: "Log in" })).toBeVisible();

  await account.getByRole("link", { name: "Log in" }).click();
  await logIn(page, email, PASSWORD);
  await expect(account.getByText("Hi, Ann")).toBeVisible();
  await account.getByRole("button", { name: "Sign out" }).click();
  await expect(account.getByRole("link", { name: "Log in" })).toBeVisible();

  await page.goto("/login");
  for (let attempt = 1; attempt <= 4; attempt++) {
    await logIn(page, email, `wrong ${attempt}`);
    await expect(page.getByRole("alert")).toHaveText("Invalid email/password. Please try again.");
  }
  await logIn(page, email, "wrong 5");
  await expect(page.getByRole("alert")).toHaveText(
    "Your account has been temporarily locked. Please try again later or reset your password to unlock it.",
  );
  // Locked means locked, even with the right password.
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("temporarily locked");

  await page.getByRole("link", { name: "Reset your password" }).click();
  // An unknown email gets the same answer: the form does not tell who has an account.
  await page.getByLabel("Email", { exact: true }).fill(`nobody-${email}`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If that email is registered, we have sent a link");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If that email is registered, we have sent a link");

  // Mail leaves through the outbox a second or two after the request: look until it is there.
  // The welcome email is already there: wait for the reset email itself (its row: address, then subject link).
  const resetRow = new RegExp(`${email.replace(/[.+]/g, "\\$&")}</td><td><a [^>]+>[^<]*Reset your Wowcher password`);
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toMatch(resetRow);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: /Reset your Wowcher password/ }).first().click();
  await page.getByRole("link", { name: /\/reset-password\?token=/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByLabel("Confirm Password").fill("a brand new password");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByRole("status")).toHaveText("Password successfully updated");

  await page.getByRole("link", { name: "Log in" }).last().click();
  await logIn(page, email, "a brand new password");
  await expect(account.getByText("Hi, Ann")).toBeVisible();
});

test("a guest's wish list is still there after logging in", async ({ page }) => {
  const email = `wish-${Date.now()}@example.com`;
  await register(page, email, "Wendy");
  await page.getByRole("navigation", { name: "Account", exact: true }).getByRole("button", { name: "Sign out" }).click();

  await page.goto("/deals/london");
  const tile = page.getByTestId("deal-tile").first();
  const headline = (await tile.getByRole("heading").textContent())!;
  const heart = tile.getByRole("button", { name: `Save ${headline} to your wish list` });
  const saved = page.waitForResponse((response) => response.url().includes("/v1/wishlist/deal/") && response.request().method() === "POST");
  await heart.click();
  expect((await saved).status()).toBe(200);
  await expect(tile.getByRole("button", { name: `Remove ${headline} from your wish list` })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/wishlist");
  await expect(page.getByTestId("deal-tile").getByRole("heading")).toHaveText([headline]);
  await page.getByRole("link", { name: "Login to see your full wish list" }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fwishlist$/);
  await logIn(page, email, PASSWORD);

  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("link", { name: "Login to see your full wish list" })).toHaveCount(0);
  await expect(page.getByTestId("deal-tile").getByRole("heading")).toHaveText([headline]);
  // The heart on the listing shows it too, now from the customer's list.
  await page.goto("/deals/london");
  await expect(page.getByTestId("deal-tile").first().getByRole("button", { name: `Remove ${headline} from your wish list` })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms still work and show the spec's messages inline", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("1234567");
    await page.getByLabel("Confirm Password").fill("7654321");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("First Name")).toHaveAccessibleDescription("Required field");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Please enter a valid email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Password must be at least 8 characters");
    await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords should match");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("Qwerty123");
    await page.getByLabel("Confirm Password").fill("Qwerty123");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "This password is too common and easy to guess. Please choose another.",
    );

    const email = `nojs-${Date.now()}@example.com`;
    await register(page, email, "Nora");
    await expect(page).toHaveURL(/\/myaccount\?registered=1$/);
    await expect(page.getByText("Hi, Nora")).toBeVisible();

    await page.goto("/myaccount/profile");
    await page.getByLabel("Address Line 1").fill("1 High Street");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Postcode").fill("NOPE");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Postcode")).toHaveAccessibleDescription("Enter a valid postcode");
    await page.getByLabel("Postcode").fill("sw1a1aa");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved successfully! Your details were updated");
    await expect(page.getByLabel("Postcode")).toHaveValue("SW1A 1AA");

    await page.goto("/myaccount/password");
    await page.getByLabel("Current password").fill("not it");
    await page.getByLabel("New password").fill("another password");
    await page.getByLabel("Confirm Password").fill("another password");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error: Change Unsuccessful.");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password").fill("another password");
    await page.getByLabel("Confirm Password").fill("another password");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByRole("status")).toHaveText("Password successfully updated");
  });
});

test("pages that need sign-in send the visitor to log in and back", async ({ page }) => {
  const email = `back-${Date.now()}@example.com`;
  await register(page, email, "Bea");
  await page.getByRole("navigation", { name: "Account", exact: true }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Account", exact: true }).getByRole("link", { name: "Log in" })).toBeVisible();

  await page.goto("/myaccount/profile");
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await expect(page.getByLabel("First Name")).toHaveValue("Bea");
});

test("deleting an account asks first, signs out and makes login impossible", async ({ page }) => {
  const email = `delete-${Date.now()}@example.com`;
  await register(page, email, "Dan");
  await page.goto("/myaccount/delete");
  await page.getByLabel("I understand that my account will be deleted permanently").check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/myaccount\/delete$/);

  await page.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("status")).toHaveText("Your account has been deleted. You have been signed out.");

  await page.goto("/login");
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Invalid email/password. Please try again.");
});

test("a first-time visitor is offered sign-in once", async ({ browser }) => {
  // A first-time visitor: without the returning visitor's cookies the journeys start with
  // (playwright.config.ts), but past the marketing lightbox (app-shell.spec.ts tests that one).
  const context = await browser.newContext({
    storageState: { cookies: [{ name: "mkt_lightbox", value: "1", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] },
  });
  const page = await context.newPage();
  await page.goto("/deals/london");
  const prompt = page.getByRole("dialog", { name: "Unlock the best deals" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirectUrl=%2Fdeals%2Flondon");
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByRole("button", { name: "No thanks, just browsing" }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("recently viewed deals are listed most recent first, without duplicates", async ({ page }) => {
  await page.goto("/deals/london");
  const hrefs = await page.getByTestId("deal-tile").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const localDeals = [...new Set(hrefs.filter((href) => href.startsWith("/deal/london/")))].slice(0, 3);
  expect(localDeals).toHaveLength(3);

  // Open three local deals, then the first one again: each deal page records the view after loading.
  const headlines: string[] = [];
  for (const href of [localDeals[0], localDeals[1], localDeals[2], localDeals[0]]) {
    const recorded = page.waitForResponse((r) => r.url().endsWith("/v1/recently-viewed") && r.request().method() === "POST");
    await page.goto(href);
    expect((await recorded).status()).toBe(204);
    headlines.push(await page.getByRole("heading", { level: 1 }).innerText());
  }

  await page.goto("/recently-viewed");
  const section = page.getByRole("region", { name: "Local deals" });
  await expect(section.getByTestId("deal-tile").getByRole("heading")).toHaveText([headlines[0], headlines[2], headlines[1]]);
});

test("account pages have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ["/login", "/register", "/forgot-password", "/wishlist", "/recently-viewed", "/reset-password?token=nope"]) {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await register(page, `a11y-${Date.now()}@example.com`);
  for (const path of ["/myaccount", "/myaccount/profile", "/myaccount/password", "/myaccount/delete"]) {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test("a form posted from elsewhere, without the page's CSRF token, is refused", async ({ request }) => {
  const forged = await request.post("/login", { form: { email: "victim@example.com", password: "whatever" } });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Your session has expired. Please refresh the page and try again.");

  // The same post with the token the login page handed out goes through (and fails only on the password).
  const html = await (await request.get("/login")).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)![1];
  const wrongToken = await request.post("/login", { form: { _csrf: `${token}x`, email: "victim@example.com", password: "whatever" } });
  expect(wrongToken.status()).toBe(403);
  const genuine = await request.post("/login", { form: { _csrf: token, email: "victim@example.com", password: "whatever" } });
  expect(genuine.status()).toBe(401);
  expect(await genuine.text()).toContain("Invalid email/password. Please try again.");
});
