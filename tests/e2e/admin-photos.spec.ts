import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { open } from "./support/journeys";

const photo = async (background: string) =>
  sharp({ create: { width: 960, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test("staff upload two photos with alt text, move the second first with the keyboard, and the deal page shows it first with its alt text", async ({ page }) => {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password").fill("Demo-Owner-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back office");
  await open(page, "/admin/deals?status=live");
  await page.getByTestId("deal-row").first().getByRole("link").click();
  const shopHref = await page.getByRole("link", { name: "See it in the shop" }).getAttribute("href");
  await page.getByRole("link", { name: "Photos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Photos: /);

  for (const [colour, alt] of [
    ["#cc3344", "A red door in the afternoon sun"],
    ["#2266aa", "Two blue towels folded on a bed"],
  ]) {
    await page.getByLabel(/^Photo \(JPEG, PNG or WebP/).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo(colour) });
    await page.getByLabel(/^Alt text \(describe/).fill(alt);
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.getByText("Photo added.")).toBeVisible();
    await expect(page.locator(`input[name=alt][value="${alt}"]`)).toHaveCount(1);
  }

  // The last photo (the blue towels) moved up one place at a time by keyboard: focus follows it.
  const count = await page.getByRole("button", { name: /^Move photo \d+ up$/ }).count();
  await page.getByRole("button", { name: `Move photo ${count} up` }).focus();
  for (let position = count; position > 1; position--) {
    await page.keyboard.press("Enter");
    await expect(page.getByText("Photo moved up.")).toBeVisible();
    const next = position - 1 === 1 ? "Move photo 1 down" : `Move photo ${position - 1} up`;
    await expect(page.getByRole("button", { name: next })).toBeFocused();
  }
  await expect(page.getByRole("listitem").first()).toContainText("(main picture)");
  await expect(page.getByLabel("Alt text for photo 1")).toHaveValue("Two blue towels folded on a bed");

  await open(page, shopHref!);
  await expect(page.locator('ul[aria-label="Deal images"] img').first()).toHaveAttribute("alt", "Two blue towels folded on a bed");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/img\/photo\/\d+\/[0-9a-f]{16}\.jpg$/);
  // Browsers that take WebP get the lighter renditions; the browser here does, and fetched one.
  const webp = page.locator('ul[aria-label="Deal images"] picture source[type="image/webp"]').first();
  await expect(webp).toHaveAttribute("srcset", /\/img\/photo\/\d+\/[0-9a-f]{16}-320w\.webp 320w/);
  await expect
    .poll(() =>
      page
        .locator('ul[aria-label="Deal images"] img')
        .first()
        .evaluate((img: HTMLImageElement) => img.currentSrc),
    )
    .toMatch(/\.webp$/);
});
