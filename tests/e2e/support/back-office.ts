import { expect, type Page } from "@playwright/test";
import { open } from "./journeys";

/** Signs in to the back office as the demo's owner (no second factor in the demo) and lands on its dashboard. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password").fill("Demo-Owner-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back office");
}
