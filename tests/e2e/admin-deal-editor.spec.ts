import { generateTOTP } from "@oslojs/otp";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { decodeBase32 } from "../../modules/sign-in/base32";
import { open, seriousViolations } from "./support/journeys";

const OWNER = { email: "owner@example.com", password: "Demo-Owner-2026!" };
const PASSWORD = "deals every single morning";

/** The owner invites a member of staff, who sets a password and enrols an authenticator in a browser of their own. */
async function invite(owner: Page, browser: Browser, name: string, email: string, role: string): Promise<Page> {
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
  await member.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await member.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
  await member.getByRole("button", { name: "Save password and continue" }).click();
  const secret = decodeBase32((await member.getByTestId("totp-secret").textContent())!)!;
  await member.getByLabel("Code from the app", { exact: true }).fill(generateTOTP(secret, 30, 6));
  await member.getByRole("button", { name: "Confirm" }).click();
  await member.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Back office");
  return member;
}

/** An option's group of fields on the deal editor, by its legend ("Option 1"). */
function option(page: Page, n: number) {
  return page.getByRole("group", { name: new RegExp(`^Option ${n}\\b`) });
}

async function changeRole(owner: Page, name: string, role: string) {
  await open(owner, "/admin/staff");
  await owner
    .getByRole("row", { name: new RegExp(name) })
    .getByLabel(`New role for ${name}`)
    .selectOption(role);
  await owner
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("button", { name: "Change role" })
    .click();
  await expect(owner.getByText("Role changed.")).toBeVisible();
}

test("a deal manager creates a London deal with two options and sends it for review; once live an editor changes its price, the shop shows it at once and the audit has before and after; customer service gets 403", async ({
  page: owner,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const name = `Dana Deals ${stamp}`;
  await open(owner, "/admin/login");
  await owner.getByLabel("Email").fill(OWNER.email);
  await owner.getByLabel("Password").fill(OWNER.password);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Back office");
  const member = await invite(owner, browser, name, `dana-${stamp}@example.com`, "deal_manager");

  // A merchant's name and id, from the merchants table.
  await open(member, "/admin/merchants");
  const merchantLink = member.locator('a[href^="/admin/merchants/"]').first();
  const merchantId = (await merchantLink.getAttribute("href"))!.split("/").at(-1)!;
  const merchantName = (await merchantLink.textContent())!.trim();

  // The deal manager builds the deal from the deals table, with the keyboard-reachable form.
  await open(member, "/admin/deals");
  await member.getByRole("link", { name: "New deal" }).click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("New deal");
  const headline = `£19 for a Rooftop Yoga Class at Sky Studio ${stamp}`;
  await member.getByLabel("Headline", { exact: true }).fill(headline);
  await member.getByRole("group", { name: "Words" }).getByLabel("Title", { exact: true }).fill("Rooftop yoga");
  await member.getByLabel("Description", { exact: true }).fill("An hour of yoga above the city.");
  await member.getByLabel("Local: sold in one location", { exact: true }).check();
  await member.getByLabel("Market", { exact: true }).selectOption("GB");
  await member.getByLabel("Location", { exact: true }).selectOption({ label: "London" });
  const subCategory = await member.locator('#deal-sub-category optgroup[label$="(local)"] option').first().getAttribute("value");
  await member.getByLabel("Category and sub-category", { exact: true }).selectOption(subCategory!);
  // The merchant is found by name (pressing Enter in the search box searches), then chosen from the matches.
  await member.getByLabel("Find a merchant by name", { exact: true }).fill(merchantName);
  await member.getByLabel("Find a merchant by name", { exact: true }).press("Enter");
  await expect(member.getByTestId("merchant-matches")).toContainText(`match “${merchantName}”`);
  await member.getByLabel("Merchant", { exact: true }).selectOption(merchantId);
  await member.getByLabel("Redemption", { exact: true }).selectOption("standard");
  await member.getByLabel("Closes at", { exact: true }).fill("2027-06-30T12:00");
  await option(member, 1).getByLabel("Title", { exact: true }).fill("One class");
  await option(member, 1)
    .getByLabel(/^Price/)
    .fill("19");
  await option(member, 1)
    .getByLabel(/^Original price/)
    .fill("40.00");
  await option(member, 1)
    .getByLabel(/^Stock/)
    .fill("100");
  await option(member, 2).getByLabel("Title", { exact: true }).fill("Five classes");
  await option(member, 2)
    .getByLabel(/^Price/)
    .fill("49.50");
  // A price above the original price first: the summary takes the focus and links to the field.
  await option(member, 2)
    .getByLabel(/^Original price/)
    .fill("45");
  await member.getByRole("button", { name: "Create the draft" }).click();
  await expect(member.getByTestId("error-summary")).toBeFocused();
  await member
    .getByTestId("error-summary")
    .getByRole("link", { name: /The price cannot be more than the original price/ })
    .click();
  await expect(option(member, 2).getByLabel(/^Price/)).toBeFocused();
  expect(await seriousViolations(member)).toEqual([]);
  await option(member, 2)
    .getByLabel(/^Original price/)
    .fill("120");
  await member.getByRole("button", { name: "Create the draft" }).click();
  await expect(member.getByText("Draft created.")).toBeVisible();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText(headline);
  await expect(member.getByTestId("deal-state")).toHaveText("Draft");
  const dealId = member.url().match(/\/admin\/deals\/(\d+)/)![1];
  await member.getByRole("button", { name: "Send for review" }).click();
  await expect(member.getByTestId("deal-state")).toHaveText("In review");

  // The owner approves it and takes it live.
  await open(owner, `/admin/deals/${dealId}`);
  await owner.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Approved");
  await owner.getByRole("button", { name: "Go live now" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Live");
  const shopPath = await owner.getByRole("link", { name: "See it in the shop" }).getAttribute("href");
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(shopPath!);
  await expect(shopper.getByTestId("deal-price").first()).toContainText("£19.00");

  // Now an editor: the price preview, then a new price for the lead option.
  await changeRole(owner, name, "editor");
  await open(member, `/admin/deals/${dealId}`);
  await member.getByRole("link", { name: "Edit the deal and its options" }).click();
  await expect(member.getByTestId("price-preview")).toContainText("£19.00");
  await option(member, 1)
    .getByLabel(/^Price/)
    .fill("17.50");
  await member.getByRole("button", { name: "Save the deal" }).click();
  await expect(member.getByText("Saved: shoppers see the change from their next page.")).toBeVisible();
  await expect(member.getByTestId("price-preview")).toContainText("£17.50");
  expect(await seriousViolations(member)).toEqual([]);

  // The shopper's next request shows the new price.
  await shopper.goto(shopPath!);
  await expect(shopper.getByTestId("deal-price").first()).toContainText("£17.50");

  // The owner reads the change in the audit trail: before and after.
  await open(owner, `/admin/audit?entityType=deal&entityId=${dealId}`);
  const timeline = owner.getByTestId("audit-timeline");
  await expect(timeline).toContainText("deal.edit");
  await expect(timeline).toContainText("1900");
  await expect(timeline).toContainText("1750");

  // Customer service may see deals but not edit them.
  await changeRole(owner, name, "customer_service");
  const refused = await member.goto(`/admin/deals/${dealId}/edit`);
  expect(refused?.status()).toBe(403);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Not allowed");
  await member.context().close();
  await shopper.context().close();
});
