import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { open, seriousViolations } from "./support/journeys";

const TILL = { email: "till@example.com", password: "Demo-Till-2026!" };
const OWNER = { email: "owner@example.com", password: "Demo-Owner-2026!" };

async function signIn(page: Page, path: string, who: { email: string; password: string }) {
  await open(page, path);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const pricePoint = (page: Page, n: number) => page.getByRole("group", { name: `Price point ${n}`, exact: true });

test("a merchant proposes a deal with two price points and a photo; the owner asks for a change, the merchant resubmits, the owner approves it into a draft, completes it and takes it live; shoppers see it", async ({
  page: merchant,
  browser,
}) => {
  test.slow();
  const title = `Hot stone massage at the demo spa ${Date.now()}`;
  await signIn(merchant, "/merchant/login", TILL);
  await expect(merchant.getByRole("heading", { level: 1 })).toHaveText("Redeem a voucher");
  await merchant.getByRole("link", { name: "Deal proposals" }).click();
  await merchant.getByRole("link", { name: "Propose a deal" }).click();
  await expect(merchant.getByRole("heading", { level: 1 })).toHaveText("Propose a deal");

  // Sent without a title first: the summary takes the focus and links to the field.
  await merchant.getByRole("button", { name: "Send the proposal" }).click();
  await expect(merchant.getByTestId("error-summary")).toBeFocused();
  await merchant.getByTestId("error-summary").getByRole("link", { name: /Title/ }).click();
  await expect(merchant.getByLabel("Title", { exact: true })).toBeFocused();

  await merchant.getByLabel("Title", { exact: true }).fill(title);
  await merchant.getByLabel("Description", { exact: true }).fill("A full hour of hot stones in our quiet room.");
  await pricePoint(merchant, 1).getByLabel("What the shopper gets").fill("Massage for one");
  await pricePoint(merchant, 1).getByLabel("Deal price").fill("39");
  await pricePoint(merchant, 1).getByLabel("Usual price").fill("80.00");
  await pricePoint(merchant, 2).getByLabel("What the shopper gets").fill("Massage for two");
  await pricePoint(merchant, 2).getByLabel("Deal price").fill("75.50");
  await pricePoint(merchant, 2).getByLabel("Usual price").fill("160");
  await merchant.getByLabel("Quantity", { exact: true }).fill("200");
  await merchant.getByLabel("First date wanted").fill("2027-01-10");
  await merchant.getByLabel("Last date wanted").fill("2027-06-30");
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 190, g: 90, b: 60 } } })
    .png()
    .toBuffer();
  await merchant.getByLabel("Photo 1", { exact: true }).setInputFiles({ name: "stones.png", mimeType: "image/png", buffer: png });
  await merchant.getByLabel("Photo 1: alt text").fill("Warm stones along a back");
  await merchant.getByRole("button", { name: "Send the proposal" }).click();
  await expect(merchant.getByRole("status")).toHaveText("Proposal sent. Our deals team will review it and reply here.");
  await expect(merchant.getByTestId("proposal-status")).toHaveText("Waiting for review");
  await expect(merchant.getByRole("img", { name: "Warm stones along a back" })).toBeVisible();
  expect(await seriousViolations(merchant)).toEqual([]);
  const proposalPath = new URL(merchant.url()).pathname;

  // The owner finds it in the queue and asks for a change.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, "/admin/login", OWNER);
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Back office");
  await owner.getByRole("link", { name: "Deal proposals" }).first().click();
  await owner.getByRole("link", { name: title }).click();
  await expect(owner.getByRole("img", { name: "Warm stones along a back" })).toBeVisible();
  await owner.getByRole("button", { name: "Ask for changes" }).click();
  await expect(owner.getByTestId("error-summary")).toBeFocused();
  await owner.getByLabel("Comment to the merchant").fill("Please make the price for two 70.00.");
  await owner.getByRole("button", { name: "Ask for changes" }).click();
  await expect(owner.getByRole("status")).toHaveText("Changes requested. The merchant has been emailed.");
  await expect(owner.getByTestId("proposal-status")).toHaveText("Changes requested");

  // The merchant reads the comment, replies and resubmits.
  await open(merchant, proposalPath);
  await expect(merchant.getByTestId("proposal-status")).toHaveText("Changes requested");
  await expect(merchant.getByRole("list", { name: "Comments, oldest first" })).toContainText("Please make the price for two 70.00.");
  await merchant.getByLabel("Your reply").fill("Agreed: 70.00 for two.");
  await merchant.getByRole("button", { name: "Resubmit for review" }).click();
  await expect(merchant.getByRole("status")).toHaveText("Proposal resubmitted for review.");
  await expect(merchant.getByTestId("proposal-status")).toHaveText("Waiting for review");

  // The owner approves: a draft deal, finished in the editor.
  await owner.reload();
  await expect(owner.getByRole("list", { name: "Comments, oldest first" })).toContainText("Agreed: 70.00 for two.");
  await owner.getByRole("button", { name: "Approve and create a draft deal" }).click();
  await expect(owner).toHaveURL(/\/admin\/deals\/\d+\/edit/);
  const dealId = owner.url().match(/\/admin\/deals\/(\d+)/)![1];
  await owner.getByLabel("Location", { exact: true }).selectOption({ label: "London" });
  const subCategory = await owner.locator('#deal-sub-category optgroup[label$="(local)"] option').nth(1).getAttribute("value");
  await owner.getByLabel("Category and sub-category", { exact: true }).selectOption(subCategory!);
  await owner.getByLabel("Closes at", { exact: true }).fill("2027-06-30T12:00");
  await owner.getByRole("button", { name: "Save the deal" }).click();
  await expect(owner.getByText("Saved: shoppers see the change from their next page.")).toBeVisible();

  await open(owner, `/admin/deals/${dealId}`);
  await expect(owner.getByTestId("deal-state")).toHaveText("Draft");
  await owner.getByRole("button", { name: "Send for review" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("In review");
  await owner.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Approved");
  await owner.getByRole("button", { name: "Go live now" }).click();
  await expect(owner.getByTestId("deal-state")).toHaveText("Live");
  const shopPath = await owner.getByRole("link", { name: "See it in the shop" }).getAttribute("href");

  // A shopper sees it, with the merchant's two price points.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(shopPath!);
  await expect(shopper.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(shopper.getByRole("option", { name: /Massage for two/ }).first()).toBeAttached();

  // The merchant's proposal says it was approved.
  await open(merchant, proposalPath);
  await expect(merchant.getByTestId("proposal-status")).toHaveText("Approved");
});
