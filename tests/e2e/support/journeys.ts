import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";

/** The password every journey's shopper registers with. */
export const PASSWORD = "correct horse battery";

/** Goes to a page and waits until React has hydrated it (its controls then respond). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Fills a registration form (the /register page's, or the one at checkout) and submits it. */
export async function fillRegistration(form: Page | Locator, person: { email: string; firstName: string; lastName: string }): Promise<void> {
  await form.getByLabel("First Name").fill(person.firstName);
  await form.getByLabel("Last Name").fill(person.lastName);
  await form.getByLabel("Email", { exact: true }).fill(person.email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
}

/** Registers a new customer through /register (with or without JavaScript); lands in My Account, signed in. */
export async function register(page: Page, email: string, firstName = "Ann", lastName = "Smith"): Promise<void> {
  await page.goto("/register");
  await fillRegistration(page, { email, firstName, lastName });
  await page.waitForURL(/\/myaccount/);
}

/** axe's serious and critical findings on the page as it is now, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}
