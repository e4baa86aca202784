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

/** A London wall-clock minute (as the back office's date-and-time fields take it), this many minutes from now. */
export function londonMinuteFromNow(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
