import { expect, test } from "@playwright/test";
import { register, seriousViolations } from "./support/journeys";

test("a new shopper gets a welcome email, follows its link and sees the email verified", async ({ page }) => {
  const email = `welcome-${Date.now()}@example.com`;
  await register(page, email);
  const reminder = page.getByRole("region", { name: "Please verify your email address" });
  await expect(reminder).toContainText(`We sent a link to ${email}`);

  // Mail leaves through the outbox a second or two after registering: look until it is there.
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(email);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: /Welcome to Wowcher/ }).click();
  await page.getByRole("link", { name: /\/verify-email\?token=/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email address");
  const link = page.url();
  await page.getByRole("button", { name: "Verify my email address" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you, your email address is verified.");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Go to My account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.getByTestId("verify-email-reminder")).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link has expired or has already been used. Please request a new one.");
  await expect(page.getByRole("button", { name: "Verify my email address" })).toHaveCount(0);
});
