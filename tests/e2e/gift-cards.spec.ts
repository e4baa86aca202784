import { expect, type Page, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard, totalToPay } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

/** The code in the newest gift card email to `recipient`, read from the development mailbox. */
async function giftCardCodeMailedTo(page: Page, recipient: string): Promise<string> {
  // Mail leaves through the outbox a second or two after the order: look until it is there.
  await expect.poll(async () => (await page.request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(recipient);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(recipient) }).getByRole("link", { name: /gift card/ }).first().click();
  const text = (await page.locator("pre").textContent()) ?? "";
  const code = /Your gift card code: (\S+)/.exec(text)?.[1];
  expect(code).toMatch(/^[A-Za-z0-9]{16}$/);
  return code!;
}

test("a £25 gift card bought for someone is redeemed by them into their wallet and pays part of an order", async ({ page, browser, request }) => {
  // Two shoppers, a purchase, an email, a redemption and a second purchase: longer than one journey's 30 s when CI is busy.
  test.slow();
  const stamp = Date.now();
  const recipientEmail = `giftcard-recipient-${stamp}@example.com`;

  // The buyer chooses £25, emailed to the recipient with a message, and pays by card.
  await actAsNewShopper(page);
  await register(page, `giftcard-buyer-${stamp}@example.com`, "Gina");
  await open(page, "/giftcard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy a Wowcher gift card");
  await page.getByRole("button", { name: "Add to basket" }).click();
  const problems = page.getByRole("alert");
  await expect(problems).toBeFocused();
  await expect(problems.getByRole("link", { name: "Please choose an amount between £5.00 and £500.00" })).toBeVisible();
  await page.getByRole("radio", { name: "£25.00" }).check();
  await page.getByRole("radio", { name: "Email it to the recipient" }).check();
  await page.getByLabel("Recipient's name").fill("Robin");
  await page.getByLabel("Recipient's email").fill(recipientEmail);
  await page.getByLabel("Message (optional)").fill("Happy birthday, Robin!");
  await expect(page.getByText("228 characters remaining")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const line = page.getByTestId("basket-line");
  await expect(line).toContainText("£25.00 gift card");
  await expect(line).toContainText(`Emailed to Robin (${recipientEmail})`);
  expect(await totalToPay(page)).toBe(2500);
  await payWithTestCard(page);
  const bought = page.getByTestId("bought-gift-card");
  await expect(bought).toContainText(`Emailed to Robin (${recipientEmail})`);
  // The code is the recipient's: the buyer's confirmation does not show it.
  await expect(bought).not.toContainText("Code:");

  const code = await giftCardCodeMailedTo(page, recipientEmail);

  // The recipient signs up, redeems the code exactly as written, and finds the £25 in their wallet.
  const context = await browser.newContext();
  const recipient = await context.newPage();
  await actAsNewShopper(recipient);
  await register(recipient, recipientEmail, "Robin");
  await open(recipient, "/giftcard/redeem");
  const codeField = recipient.getByLabel("Gift card code");
  const otherCase = code === code.toLowerCase() ? code.toUpperCase() : code.toLowerCase();
  await codeField.fill(otherCase);
  await recipient.getByRole("button", { name: "Redeem" }).click();
  await expect(recipient.getByRole("alert")).toBeFocused();
  await expect(recipient.getByRole("alert").getByRole("link", { name: "Gift code not recognized. Please try again." })).toBeVisible();
  await codeField.fill(code);
  await recipient.getByRole("button", { name: "Redeem" }).click();
  await expect(recipient.getByRole("status")).toContainText("Gift card code has been successfully redeemed!");
  await expect(recipient.getByTestId("redeemed-amount")).toHaveText("£25.00");
  expect(await seriousViolations(recipient)).toEqual([]);
  // A second go with the same code: it is used now.
  await codeField.fill(code);
  await recipient.getByRole("button", { name: "Redeem" }).click();
  await expect(recipient.getByRole("alert")).toContainText("Gift code not recognized. Please try again.");
  // My Wallet shows the £25 and where it came from.
  await open(recipient, "/myaccount/wallet");
  await expect(recipient.getByRole("table", { name: "Your balances" }).getByRole("row", { name: /GBP/ })).toContainText("£25.00");
  await expect(recipient.getByRole("table", { name: /Wallet history/ })).toContainText("+£25.00");

  // The credit pays part of a deal that costs more than £25; the card pays the rest.
  let deal = await findDealFromTop(request, 20);
  for (let nth = 21; deal.option.price <= 2500; nth++) deal = await findDealFromTop(request, nth);
  await buyNow(recipient, deal);
  await expect(recipient.getByText("Your wallet:")).toContainText("£25.00");
  await recipient.getByRole("button", { name: "Use my wallet credit" }).click();
  await expect(recipient.getByRole("button", { name: "Stop using wallet credit" })).toBeVisible();
  await expect.poll(() => totalToPay(recipient)).toBe(deal.option.price - 2500);
  await payWithTestCard(recipient);
  await expect(recipient.getByText("Wallet credit used").locator("xpath=following-sibling::dd[1]")).toContainText("£25.00");
  await context.close();
});
