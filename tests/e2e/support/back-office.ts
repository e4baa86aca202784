import { generateTOTP } from "@oslojs/otp";
import { type Browser, expect, type Page } from "@playwright/test";
import { decodeBase32 } from "../../../modules/sign-in/base32";
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

const STAFF_PASSWORD = "deals every single morning";

/** The owner invites a member of staff, who sets a password and enrols an authenticator in a browser of their own. */
export async function invite(owner: Page, browser: Browser, name: string, email: string, role: string): Promise<Page> {
  await open(owner, "/admin/staff");
  const form = owner.getByRole("region", { name: "Invite a member of staff" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const member = await (await browser.newContext()).newPage();
  await expect.poll(async () => (await member.request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(email);
  await member.goto("/dev/mailbox");
  await member
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link", { name: /back office invitation/ })
    .first()
    .click();
  await member.getByRole("link", { name: /\/admin\/invitation\// }).click();
  await member.getByLabel("New password", { exact: true }).fill(STAFF_PASSWORD);
  await member.getByLabel("Confirm Password", { exact: true }).fill(STAFF_PASSWORD);
  await member.getByRole("button", { name: "Save password and continue" }).click();
  const secret = decodeBase32((await member.getByTestId("totp-secret").textContent())!)!;
  await member.getByLabel("Code from the app", { exact: true }).fill(generateTOTP(secret, 30, 6));
  await member.getByRole("button", { name: "Confirm" }).click();
  await member.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Back office");
  return member;
}
