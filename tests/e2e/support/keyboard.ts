import { type Locator, type Page, expect } from "@playwright/test";

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, failing when it
 * never does within `max` presses. Locators here only look (is it focused?), they never act.
 */
export async function tabTo(page: Page, target: Locator, { max = 150, back = false } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/** Tabs to a field and types into it with the keyboard. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Types a delivery address into the checkout's 'Your Details' with the keyboard only (Space opens the manual address). */
export async function typeAddressByKeyboard(page: Page): Promise<void> {
  const details = page.getByRole("region", { name: "Your Details" });
  await tabTo(page, details.getByRole("button", { name: "Enter address manually" }));
  await page.keyboard.press("Space");
  await typeInto(page, details.getByLabel("Postcode"), "SW1A 1AA");
  await typeInto(page, details.getByLabel("Address Line 1"), "10 Downing Street");
  await typeInto(page, details.getByLabel("City"), "London");
}

/** Types a sandbox card (`number`, 12/30, 123) into the checkout's Payment region with the keyboard only; answers the region. */
export async function typeCardByKeyboard(page: Page, number: string): Promise<Locator> {
  const payment = page.getByRole("region", { name: "Payment" });
  await typeInto(page, payment.getByLabel("Card number"), number);
  await typeInto(page, payment.getByLabel("Expiry date (MM/YY)"), "12/30");
  await typeInto(page, payment.getByLabel("Security code"), "123");
  return payment;
}
