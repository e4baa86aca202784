import { expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { vipAddonTerms } from "../../modules/vip/vip-terms";
import { actAsNewShopper, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

/** A development-tools call with this browser's session and CSRF token (DEV_TOOLS=on). */
async function devTool(page: Page, path: string, data?: unknown) {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post(path, { data: data ?? {}, headers: { [CSRF_HEADER]: csrfToken } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

const pence = (text: string) => {
  const match = /£([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/,/g, "")) * 100 + Number(match[2]);
};
const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

test("a shopper sees what VIP unlocks, cannot buy a VIP-only option, joins from the hub, buys it at the VIP price, sees the saving in My Rewards, then takes the refund form's extra credit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `vip-hub-${Date.now()}@example.com`;
  await actAsNewShopper(page);
  await register(page, email, "Vera");

  // The hub, as a non-member: what VIP unlocks, price and renewal terms, nothing pre-selected.
  await open(page, "/deals/vip");
  const join = page.getByRole("region", { name: "What VIP unlocks" });
  await expect(join).toContainText(vipAddonTerms("GBP"));
  await expect(page.getByTestId("vip-marker").first()).toBeAttached();
  await expect(page.locator("input:checked")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Early access for VIP members" }).getByText(/VIP early access until/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A VIP-only option, with its VIP price, from the hub.
  // One of the showcase's VIP Exclusive options (the row is in order of real sales, so not necessarily first).
  const offer = page
    .getByRole("list", { name: "VIP-only options" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^VIP Exclusive: / }) })
    .first();
  const offerText = (await offer.locator("p").last().textContent()) ?? "";
  const [vipPriceText, normalPriceText] = offerText.split("VIP price");
  const vipPrice = pence(vipPriceText);
  const saving = pence(normalPriceText) - vipPrice;
  expect(saving).toBeGreaterThan(0);
  const optionLink = offer.getByRole("link", { name: /^VIP Exclusive: / });
  const optionHref = (await optionLink.getAttribute("href"))!;
  await optionLink.click();
  // Buy now posts once the visitor's session (its CSRF token) has arrived after hydration.
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page.getByRole("alert")).toHaveText("Oops! This item is for VIP members only. Join VIP to buy it.");

  // Joining: the terms once more, one button, then the VIP year is paid for at checkout.
  await open(page, "/deals/vip");
  await join.getByRole("link", { name: "Join VIP" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join VIP");
  await expect(page.getByTestId("vip-terms")).toHaveText(vipAddonTerms("GBP"));
  await page.getByRole("button", { name: "Add VIP membership to my basket" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line")).toContainText("VIP Membership (1 year)");
  await payWithTestCard(page);

  // A member now: the hub says so, without the join marker, and the VIP-only option sells at the VIP price.
  await open(page, "/deals/vip");
  await expect(page.getByTestId("vip-member-panel")).toContainText("VIP prices, VIP-only options and early access below are yours.");
  await expect(page.getByTestId("vip-marker")).toHaveCount(0);
  await open(page, optionHref);
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/, { timeout: 20_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line")).toContainText("VIP Exclusive: ");
  await payWithTestCard(page);

  // My Rewards: the saving, the membership dates, the exclusive deals.
  await open(page, "/myaccount/vip-rewards");
  await expect(page.getByTestId("vip-savings")).toHaveText(pounds(saving));
  await expect(page.getByTestId("vip-membership")).toContainText("Member since");
  await expect(page.getByRole("list", { name: "Exclusive deals" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Staff invite the shopper to the VIP refund form; the link arrives by email.
  expect(await devTool(page, "/v1/dev/vip-refund-invite")).toMatchObject({ paidAmount: 499 });
  await expect.poll(async () => (await page.request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain("Your Wowcher VIP refund");
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: /Your Wowcher VIP refund/ }).first().click();
  await page.getByRole("link", { name: /\/vip-refund\?token=/ }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your VIP refund");

  // Nothing chosen yet: the form asks; then the extra 20% as wallet credit.
  await page.getByRole("button", { name: "Send my answer" }).click();
  const problems = page.getByRole("alert");
  await expect(problems).toBeFocused();
  await expect(problems.getByRole("link", { name: "Choose what you would like us to do" })).toBeVisible();
  await page.getByRole("radio", { name: /£5\.99 of wallet credit \(an extra 20%\)/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Send my answer" }).click();
  await expect(page.getByTestId("vip-refund-submitted")).toContainText(
    "VIP refund form submitted (cash refund within 7 days if eligible; extra credit applied within 3 working days)",
  );

  // The job carries it out: £5.99 in the wallet, and VIP has ended.
  expect(await devTool(page, "/v1/dev/run-job", { name: "vip.process-refund-requests" })).toMatchObject({ count: 1 });
  await open(page, "/myaccount/wallet");
  await expect(page.getByTestId("wallet-balances").getByRole("row", { name: /GBP/ })).toContainText("£5.99");
  await open(page, "/myaccount/vip-rewards");
  await expect(page.getByTestId("vip-rewards-not-member")).toContainText("My Rewards is for VIP members.");
  await expect(page.getByTestId("vip-rewards-not-member")).toContainText(`As a VIP member you saved ${pounds(saving)}`);
});

test("?site= switches the shell to the VIP theme when the site lookup says vip", async ({ page }) => {
  await page.goto("/deals/london?site=vip");
  await expect(page.locator("html")).toHaveAttribute("data-site", "vip");
  await page.goto("/deals/london?site=london");
  await expect(page.locator("html")).not.toHaveAttribute("data-site", /.*/);
});
