import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper, buyNow, findDealFromTop, totalToPay } from "./support/checkout-journeys";
import { register, seriousViolations } from "./support/journeys";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("a deal manager creates a promo code, reads it back in words, and a shopper's total loses 10% with it", async ({ page, browser, request }) => {
  const code = `JOURNEY-${Date.now().toString(36).toUpperCase()}`;
  await signInAsDemoOwner(page);
  await page.getByRole("link", { name: "Promo codes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promo codes");
  await page.getByRole("link", { name: "New promo code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New promo code");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel(/^Code/).fill(code.toLowerCase());
  await page.getByLabel(/^Amount off/).fill("10");
  await page.getByLabel(/^Starts/).fill(`${day(-1)}T00:00`);
  await page.getByLabel(/^Ends/).fill(`${day(-2)}T00:00`);
  await page.getByRole("button", { name: "Preview" }).click();
  // An end before the start: the summary takes the focus and links to the field.
  const problem = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problem).toBeFocused();
  await problem.getByRole("link", { name: /Enter an end after the start/ }).press("Enter");
  await expect(page.getByLabel(/^Ends/)).toBeFocused();
  await page.getByLabel(/^Ends/).fill(`${day(7)}T23:59`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("promo-preview");
  await expect(preview).toBeFocused();
  await expect(preview).toContainText("10% off the basket, once per shopper, no limit in all.");

  await page.getByRole("button", { name: "Create the code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Promo code ${code}`);
  await expect(page.getByText("Saved: the next basket that uses this code gets these terms.")).toBeVisible();
  await expect(page.getByTestId("promo-current")).toContainText("Used 0 times.");

  // A shopper on the shop uses it at checkout.
  const shopper = await (await browser.newContext()).newPage();
  await actAsNewShopper(shopper);
  await register(shopper, `promo-${Date.now()}@example.com`);
  const deal = await findDealFromTop(request, 6);
  await buyNow(shopper, deal);
  const before = await totalToPay(shopper);
  const promo = shopper.getByRole("region", { name: "Promo code" });
  await promo.getByLabel("Enter a promo code").fill(code.toLowerCase());
  await promo.getByRole("button", { name: "Apply" }).click();
  await expect(promo.getByRole("status")).toContainText(code);
  await expect(shopper.getByRole("region", { name: "Order summary" })).toContainText("Promo code discount");
  await expect.poll(() => totalToPay(shopper)).toBe(before - Math.floor(before / 10));
  await shopper.context().close();
});
