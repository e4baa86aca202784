import { expect, test } from "@playwright/test";
import { register } from "./support/journeys";

const NAME = "Ottoline";

test("a signed-in shopper's pages are never cached, and other visitors get cached pages without their name", async ({ page, browser }) => {
  await page.goto("/deals/manchester");
  // The page's own session lookup sets this new visitor's CSRF cookie: let it answer before
  // registering, or the two first requests race to set it.
  await expect(page.getByRole("navigation", { name: "Account", exact: true }).getByRole("link", { name: "Log in" })).toBeVisible();
  const dealPath = await page.getByTestId("deal-tile").first().getByRole("link").first().getAttribute("href");
  expect(dealPath).toMatch(/^\/deal\//);
  const paths = ["/deals/manchester", dealPath!, "/search?q=massage", "/guides/hub"];

  await register(page, `cache-${Date.now()}@example.com`, NAME, "Quibble");
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response!.headers()["cache-control"], path).toBe("private, no-store");
    expect(response!.headers()["x-page-cache"], path).toBeUndefined();
    await expect(page.getByTestId("account-greeting")).toHaveText(`Hi, ${NAME}`);
  }

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  for (const path of paths) {
    const response = await strangerPage.goto(path);
    expect(response!.headers()["cache-control"], path).toMatch(/^public, /);
    expect(await response!.text(), path).not.toContain(NAME);
    const account = strangerPage.getByRole("navigation", { name: "Account", exact: true });
    await expect(account.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(strangerPage.getByText(NAME)).toHaveCount(0);
    // The second visit is answered from the shared cache, still without the shopper's name.
    const again = await strangerPage.request.get(path);
    expect(again.headers()["x-page-cache"], path).toMatch(/^(HIT|STALE)$/);
    expect(await again.text(), path).not.toContain(NAME);
  }
  await stranger.close();
});
