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
