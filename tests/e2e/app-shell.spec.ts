import { expect, test, type BrowserContext } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

const IPHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DAY_SECONDS = 86_400;

/** A cookie of a visitor who has been offered sign-in already (the server's `brand` cookie). */
const RETURNING = { name: "brand", value: "1", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" as const };

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

function expectLifetime(expires: number | undefined, days: number) {
  const left = (expires ?? 0) - Date.now() / 1000;
  expect(left).toBeGreaterThan(days * DAY_SECONDS - 120);
  expect(left).toBeLessThanOrEqual(days * DAY_SECONDS + 5);
}

test("an iPhone sees the app banner on the home page; a close is remembered for 2 days", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await open(page, "/");
  await expect(page).toHaveURL(/\/deals\/london$/);
  const banner = page.getByRole("complementary", { name: "Get the app" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link", { name: "Open app" })).toHaveAttribute("href", "wowcher://open/deals/london");
  expect(await seriousViolations(page)).toEqual([]);

  await banner.getByRole("button", { name: "Close the app banner" }).click();
  await expect(banner).toBeHidden();
  expectLifetime((await cookie(context, "app_banner_closed"))?.expires, 2);
  // The banner is decided after hydration, as the page's exposures are logged: wait for that too.
  const logged = page.waitForResponse((r) => r.url().endsWith("/v1/experiments/exposures"));
  await open(page, "/deals/london");
  await logged;
  await expect(page.getByTestId("app-banner")).toHaveCount(0);
  await context.close();
});

test("the sign-in lightbox greets a first-time visitor as an accessible dialog, and not a returning one", async ({ browser }) => {
  const first = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await first.newPage();
  await open(page, "/deals/london");
  const prompt = page.getByRole("dialog", { name: "Unlock the best deals" });
  await expect(prompt).toBeVisible();
  // Focus is in the dialog; Escape closes it.
  expect(await prompt.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await first.close();

  const returning = await browser.newContext({ storageState: { cookies: [RETURNING], origins: [] } });
  const again = await returning.newPage();
  const session = again.waitForResponse((r) => r.url().endsWith("/v1/user/session"));
  await open(again, "/deals/london");
  expect((await (await session).json()).offerSignIn).toBe(false);
  await expect(again.getByRole("dialog", { name: "Unlock the best deals" })).toHaveCount(0);
  await returning.close();
});

test("the marketing lightbox opens 2 s after the subscription check on the home page, never on /welcome or checkout", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [RETURNING], origins: [] } });
  // Times in the page itself: when the subscription check answered, when a dialog opened.
  await context.addInitScript(() => {
    const times = window as unknown as { checkedAt?: number; openedAt?: number };
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      if (String(args[0]).includes("/v1/marketing-lightbox")) times.checkedAt = performance.now();
      return response;
    };
    new MutationObserver(() => {
      if (times.openedAt === undefined && document.querySelector("dialog[open]")) times.openedAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["open"] });
  });
  const page = await context.newPage();
  const lightbox = page.getByRole("dialog", { name: "Never miss a deal" });

  for (const path of ["/welcome", "/checkout"]) {
    await open(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (path === "/welcome") {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Welcome to Wowcher/);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.waitForTimeout(2600);
    await expect(lightbox, path).toBeHidden();
  }
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const check = page.waitForResponse((r) => r.url().endsWith("/v1/marketing-lightbox"));
  await open(page, "/");
  expect((await (await check).json()).offer).toBe(true);
  await expect(lightbox).toBeVisible({ timeout: 5000 });
  const waited = await page.evaluate(() => {
    const times = window as unknown as { checkedAt?: number; openedAt?: number };
    return (times.openedAt ?? 0) - (times.checkedAt ?? Infinity);
  });
  expect(waited).toBeGreaterThanOrEqual(1990);
  expect(waited).toBeLessThan(4000);
  await expect(lightbox.getByLabel("Email address")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await lightbox.getByRole("button", { name: "No thanks" }).click();
  await expect(lightbox).toBeHidden();

  // Shown once.
  await open(page, "/deals/london");
  await page.waitForTimeout(2600);
  await expect(lightbox).toBeHidden();
  await context.close();
});

test("only a test whose variant changes the page is logged: the autocomplete's, not passwordless checkout, the booking-calendar gift or an Irish draw", async ({ browser }) => {
  const campaign = (name: string, value: string) => ({ ...RETURNING, name, value });
  const context = await browser.newContext({
    storageState: {
      cookies: [RETURNING, campaign("mkt_lightbox", "1"), campaign("ab_autocomplete", "b"), campaign("ab_passwordless_checkout", "b"), campaign("ab_booking_calendar_gift", "b")],
      origins: [],
    },
  });
  const page = await context.newPage();
  const logged = page.waitForResponse((r) => r.url().endsWith("/v1/experiments/exposures") && r.request().method() === "POST");
  await open(page, "/deals/dublin?brand=wowcherie");
  const first = await logged;
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ assignments: [{ test: "autocomplete", variant: "b" }] });
  expect(await cookie(context, "ab_ie")).toBeUndefined();
  await expect(page.locator("html")).toHaveAttribute("data-ab-autocomplete", "b");

  const exposuresOf = async () => {
    const log = (await (await page.request.get("/v1/experiments/exposures")).json()) as { exposures: { test: string; variant: string; exposures: number }[] };
    return log.exposures.map((row) => `${row.test} ${row.variant}×${row.exposures}`);
  };
  await expect.poll(exposuresOf).toEqual(["autocomplete b×1"]);
  expectLifetime((await cookie(context, "ab_id"))?.expires, 365);
  await context.close();
});

test("each brand has its own web manifest, linked from the head", async ({ page, request }) => {
  await open(page, "/deals/london");
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const wowcher = await request.get("/manifest.webmanifest?brand=wowcher");
  expect(wowcher.headers()["content-type"]).toContain("application/manifest+json");
  const livingsocial = await (await request.get("/manifest.webmanifest?brand=livingsocial")).json();
  const irish = await (await request.get("/manifest.webmanifest?brand=wowcherie")).json();
  expect(await wowcher.json()).toMatchObject({ name: "Wowcher", theme_color: "#d6004a" });
  expect(livingsocial).toMatchObject({ name: "LivingSocial", theme_color: "#0066a8" });
  expect(irish).toMatchObject({ name: "Wowcher Ireland" });
});
