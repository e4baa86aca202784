import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { invite, londonMinuteFromNow } from "./support/back-office";
import { actAsNewShopper, escapeRegExp, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

const OWNER = { email: "owner@example.com", password: "Demo-Owner-2026!" };

/** An option's group of fields on the deal editor, by its legend ("Option 1"). */
function option(page: Page, n: number) {
  return page.getByRole("group", { name: new RegExp(`^Option ${n}\\b`) });
}

/** A photo as a camera would give it: a JPEG of one colour. */
const photo = (background: string) =>
  sharp({ create: { width: 960, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

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

test("a deal manager creates a London deal with two options and two photos and sends it for review; the owner schedules it, the job takes it live, a shopper finds it on /deals/london and buys it; an editor changes its price, the shop shows it at once and the audit has before and after; customer service gets 403", async ({
  page: owner,
  browser,
}) => {
  // A ceiling, not a wait: the deal goes live at a whole minute a minute or two from now, and the
  // go-live job runs once a minute; every step still waits only for what it needs.
  test.setTimeout(480_000);
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

  // Two photos, each with its alt text.
  await member.getByRole("link", { name: "Photos", exact: true }).click();
  for (const [colour, alt] of [
    ["#3a7d44", "A yoga mat on a rooftop at sunrise"],
    ["#d9822b", "The city skyline seen from the studio"],
  ]) {
    await member.getByLabel(/^Photo \(JPEG, PNG or WebP/).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo(colour) });
    await member.getByLabel(/^Alt text \(describe/).fill(alt);
    await member.getByRole("button", { name: "Upload photo" }).click();
    await expect(member.getByText("Photo added.")).toBeVisible();
  }
  await open(member, `/admin/deals/${dealId}`);
  await member.getByRole("button", { name: "Send for review" }).click();
  await expect(member.getByTestId("deal-state")).toHaveText("In review");

  // The owner, a second member of staff, approves it and schedules it for a minute or two from now.
  await open(owner, `/admin/deals/${dealId}`);
  await owner.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Approved");
  await owner.getByLabel(/^Goes live at/).fill(londonMinuteFromNow(2));
  await owner.getByRole("button", { name: "Schedule" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Scheduled");
  // The go-live job takes it live: the owner looks again now and then, as a person would.
  await expect
    .poll(
      async () => {
        await open(owner, `/admin/deals/${dealId}`);
        return owner.getByTestId("deal-state").textContent();
      },
      { timeout: 300_000, intervals: [10_000] },
    )
    .toBe("Live");
  const shopPath = await owner.getByRole("link", { name: "See it in the shop" }).getAttribute("href");

  // A shopper finds it among London's newest deals, sees its photos, and buys the first option.
  const shopper = await (await browser.newContext()).newPage();
  await actAsNewShopper(shopper);
  await register(shopper, `yoga-${stamp}@example.com`, "Yogi");
  await open(shopper, "/deals/london");
  await shopper.getByLabel("Sort by").selectOption("recentlyAdded");
  await expect(shopper).toHaveURL(/orderBy=recentlyAdded/);
  await shopper.getByRole("list", { name: "Deals", exact: true }).getByRole("link", { name: headline }).first().click();
  await expect(shopper).toHaveURL(new RegExp(`${escapeRegExp(shopPath!)}$`));
  const photos = shopper.locator('ul[aria-label="Deal images"] img');
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toHaveAttribute("alt", "A yoga mat on a rooftop at sunrise");
  await expect(shopper.getByTestId("deal-price").first()).toContainText("£19.00");
  // A new deal shows its options in a dropdown (the editor's default display): choosing one opens its page.
  await shopper.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shopper.getByRole("combobox", { name: "Choose your option" }).selectOption({ label: "One class - £19.00" });
  await shopper.getByRole("button", { name: "Buy now" }).click();
  await expect(shopper).toHaveURL(/\/checkout\/[\w-]{11,}$/, { timeout: 15_000 });
  await shopper.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await payWithTestCard(shopper);

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
