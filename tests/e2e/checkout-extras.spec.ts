import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, buyNowWithoutJavaScript, type DealAnswer, findBuyableDeal, payWithTestCard, totalToPay } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

/** A buyable deal with a VIP price, from the top of the seeded range (the buying journeys take theirs from the bottom). */
const findVipDeal = (request: APIRequestContext, nth: number) =>
  findBuyableDeal(request, { nth, from: "top", where: ({ deal }) => deal.vipPrice !== null && deal.display.vipDiscountAllowed });

test.beforeEach(({ page }) => actAsNewShopper(page));

/** Opens the deal, picks its second option and presses Buy now: lands on the basket's checkout. */
function buyVipDeal(page: Page, found: DealAnswer) {
  const option = found.deal.products.filter((product) => !product.soldOut)[1];
  return buyNow(page, { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: 0 } });
}

/** Signs up, then Buy now on the deal: the checkout, signed in. */
async function startCheckout(page: Page, found: DealAnswer, firstName: string) {
  await register(page, `${firstName.toLowerCase()}-${Date.now()}@example.com`, firstName);
  await buyVipDeal(page, found);
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test("a shopper adds a year of VIP at checkout, pays, and then sees VIP prices and VIP in their account", async ({ page, request }) => {
  // Two whole purchases on a slow, shared machine.
  test.slow();
  const found = await findVipDeal(request, 0);
  await startCheckout(page, found, "Vera");
  // Not a VIP yet: the deal page shows the normal price.
  const checkoutUrl = new URL(page.url()).pathname;
  await open(page, found.deal.urlPath);
  await expect(page.getByTestId("deal-price").first()).not.toContainText(pounds(found.deal.vipPrice!));
  await open(page, checkoutUrl);

  // The checkout offers a year of VIP for £4.99.
  const extras = page.getByRole("region", { name: "Extras" });
  const vip = extras.getByTestId("addon-VVE");
  await expect(vip).toContainText("Become a VIP for a year: £4.99");
  const before = await totalToPay(page);

  // Added and taken out again, then added for good: the total follows.
  await vip.getByRole("button", { name: "Add VIP membership (£4.99)" }).click();
  await expect(vip.getByRole("status")).toHaveText("VIP Membership (1 year) is in your order.");
  await expect.poll(() => totalToPay(page)).toBe(before + 499);
  await expect(page.getByTestId("basket-line").filter({ hasText: "VIP Membership (1 year)" })).toContainText("£4.99");
  await vip.getByRole("button", { name: "Remove VIP membership" }).click();
  await expect.poll(() => totalToPay(page)).toBe(before);
  await vip.getByRole("button", { name: "Add VIP membership (£4.99)" }).click();
  await expect.poll(() => totalToPay(page)).toBe(before + 499);
  expect(await seriousViolations(page)).toEqual([]);

  await payWithTestCard(page);
  await expect(page.getByText("1 × VIP Membership (1 year)")).toBeVisible();

  // From now on: VIP prices on the deal page, and My account says so.
  await open(page, found.deal.urlPath);
  await expect(page.getByTestId("deal-price").first()).toContainText(pounds(found.deal.vipPrice!));
  await open(page, "/myaccount");
  await expect(page.getByTestId("vip-member")).toContainText("You're a VIP member.");
  await expect(page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Rewards" })).toBeVisible();

  // A VIP member is not offered VIP again.
  await buyVipDeal(page, found);
  await expect(page.getByRole("region", { name: "Extras" }).getByTestId("addon-DVP")).toBeVisible();
  await expect(page.getByTestId("addon-VVE")).toHaveCount(0);
});

test("a shopper sends a line as an E-gift with a message, pays, and sees the gift on the confirmation", async ({ page, request }) => {
  test.slow();
  const found = await findVipDeal(request, 1);
  await startCheckout(page, found, "Gina");

  const line = page.getByTestId("basket-line");
  await line.getByText("Gift it").click();
  const gift = line.getByTestId("gift-options");
  const recipient = `grace-${Date.now()}@example.com`;
  await gift.getByRole("radio", { name: /^E-gift/ }).check();
  await gift.getByLabel("Recipient's name").fill("Grace");

  // The email is needed for an E-gift.
  await gift.getByRole("button", { name: "Save gift options" }).click();
  await expect(gift.getByRole("alert")).toHaveText("Recipient email required to send E-voucher");

  await gift.getByLabel("Recipient's email").fill(recipient);
  await expect(gift.getByText("250 characters remaining")).toBeVisible();
  await gift.getByLabel("Gift message (optional)").fill("Happy birthday!");
  await expect(gift.getByText("235 characters remaining")).toBeVisible();
  await gift.getByRole("button", { name: "Save gift options" }).click();
  await expect(gift.getByRole("status")).toHaveText("Gift options saved");
  await expect(line.getByText("Gifted")).toBeVisible();
  await expect(line).toContainText(`E-gift for Grace (${recipient})`);
  expect(await seriousViolations(page)).toEqual([]);

  // The choice is kept on the line: it is still there after a reload.
  await page.reload();
  await expect(page.getByTestId("basket-line")).toContainText(`E-gift for Grace (${recipient})`);

  await payWithTestCard(page);
  await expect(page.getByText(`E-gift for Grace (${recipient})`)).toBeVisible();
  // The voucher's code is the recipient's (they claim it at /mygift: tests/e2e/gifts.spec.ts).
  await expect(page.getByTestId("voucher")).toContainText("Gifted");
  await expect(page.getByTestId("voucher").getByText(/Voucher code:/)).toHaveCount(0);

  // The recipient gets a gift code, the claim link and the message by email.
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(recipient);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(recipient) }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gina has sent you a gift from Wowcher");
  await expect(page.locator("pre")).toContainText("/mygift");
  await expect(page.locator("pre")).toContainText('"Happy birthday!"');
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add-ons and a gift choice are plain forms", async ({ page, request }) => {
    const found = await findVipDeal(request, 2);
    await buyNowWithoutJavaScript(page, found.deal);

    const extras = page.getByRole("region", { name: "Extras" });
    const before = await totalToPay(page);
    await extras.getByRole("button", { name: "Add Deal Protection (£1.99)" }).click();
    await expect(extras.getByTestId("addon-DVP").getByRole("status")).toHaveText("Deal Protection is in your order.");
    await extras.getByRole("button", { name: "Add VIP membership (£4.99)" }).click();
    await expect(extras.getByTestId("addon-VVE").getByRole("status")).toHaveText("VIP Membership (1 year) is in your order.");
    expect(await totalToPay(page)).toBe(before + 199 + 499);
    await extras.getByRole("button", { name: "Remove VIP membership" }).click();
    await expect(extras.getByRole("button", { name: "Add VIP membership (£4.99)" })).toBeVisible();
    expect(await totalToPay(page)).toBe(before + 199);

    const line = page.getByTestId("basket-line").filter({ hasText: found.deal.headline });
    await line.getByText("Gift it").click();
    await line.getByRole("radio", { name: /^E-gift/ }).check();
    await line.getByLabel("Recipient's name").fill("Max");
    await line.getByLabel("Recipient's email").fill("max@example.com");
    await line.getByLabel("Gift message (optional)").fill("Enjoy");
    await line.getByRole("button", { name: "Save gift options" }).click();
    await expect(page.getByTestId("basket-line").filter({ hasText: found.deal.headline })).toContainText("E-gift for Max (max@example.com)");
  });
});
