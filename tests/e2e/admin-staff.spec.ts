import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { type Page, expect, test } from "@playwright/test";
import { decodeBase32 } from "../../modules/sign-in/base32";
import { open, seriousViolations } from "./support/journeys";

const OWNER = { email: "owner@example.com", password: "Demo-Owner-2026!" };
const MANAGER_PASSWORD = "deals every morning";

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The code an authenticator shows for the 30-second step after now: accepted (one step of drift), and never the step enrolment spent. */
function nextCode(secret: Uint8Array): string {
  return generateHOTP(secret, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
}

test("the demo owner invites a deal manager, who enrols an authenticator and signs in with a code; the audit shows it; customer service gets 403 on staff", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const email = `deals-${stamp}@example.com`;
  // A name of its own, so a second run on the same shop finds this member only.
  const name = `Dara Deals ${stamp}`;

  // The demo owner has no second factor in the demo: the password opens the back office.
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back office");
  await expect(page.getByTestId("staff-role")).toHaveText("(Owner)");
  await page.getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff");
  const invite = page.getByRole("region", { name: "Invite a member of staff" });
  await invite.getByLabel("Name").fill(name);
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("deal_manager");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Invited");
  expect(await seriousViolations(page)).toEqual([]);

  // The invitee reads the email (the demo's outbox) on a browser of their own.
  const invitee = await (await browser.newContext()).newPage();
  await expect.poll(async () => (await invitee.request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(email);
  await invitee.goto("/dev/mailbox");
  await invitee
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link", { name: /back office invitation/ })
    .first()
    .click();
  await invitee.getByRole("link", { name: /\/admin\/invitation\// }).click();
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Set your back office password");
  await invitee.getByLabel("New password").fill(MANAGER_PASSWORD);
  await invitee.getByLabel("Confirm Password").fill(MANAGER_PASSWORD);
  await invitee.getByRole("button", { name: "Save password and continue" }).click();

  // Enrolment: the key is shown as text; the test is the authenticator app.
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Set up your authenticator app");
  await expect(invitee.getByRole("img", { name: /QR code/ })).toBeVisible();
  expect(await seriousViolations(invitee)).toEqual([]);
  const secret = decodeBase32((await invitee.getByTestId("totp-secret").textContent())!)!;
  await invitee.getByLabel("Code from the app").fill(generateTOTP(secret, 30, 6));
  await invitee.getByRole("button", { name: "Confirm" }).click();
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Save your recovery codes");
  await expect(invitee.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await invitee.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(invitee.getByTestId("staff-role")).toHaveText("(Deal manager)");

  // Signing out and in again asks for a code after the password.
  await invitee.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(invitee).toHaveURL(/\/admin\/login$/);
  await signIn(invitee, email, MANAGER_PASSWORD);
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Enter your code");
  await invitee.getByLabel("Code").fill(nextCode(secret));
  await invitee.getByRole("button", { name: "Continue" }).click();
  await expect(invitee).toHaveURL(/\/admin$/);
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Back office");

  // The owner moves them to customer service; the staff page is then refused to them.
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByLabel(`New role for ${name}`)
    .selectOption("customer_service");
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("button", { name: "Change role" })
    .click();
  await expect(page.getByText("Role changed.")).toBeVisible();
  const forbidden = await invitee.goto("/admin/staff");
  expect(forbidden?.status()).toBe(403);
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Not allowed");

  // The owner sees the invitation, its acceptance and the role change in the audit timeline.
  await open(page, "/admin/audit");
  const timeline = page.getByTestId("audit-timeline");
  await expect(timeline).toContainText("staff.invite");
  await expect(timeline).toContainText("staff.invitation-accepted");
  await expect(timeline).toContainText('role: "deal_manager" → "customer_service"');
  expect(await seriousViolations(page)).toEqual([]);
  await invitee.context().close();
});
