import { type Browser, expect, type Page, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findBuyableDeal, payWithTestCard, sendFirstLineAsEGift } from "./support/checkout-journeys";
import { fillRegistration, open, register, seriousViolations } from "./support/journeys";

/** The latest email to `to` whose row matches `subject`, from the development mailbox. */
async function readMail(page: Page, to: string, subject: RegExp): Promise<string> {
  const row = new RegExp(`${to.replace(/[.+]/g, "\\$&")}</td><td><a [^>]+>[^<]*${subject.source}`);
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toMatch(row);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(to) }).filter({ hasText: subject }).first().getByRole("link").click();
  return (await page.locator("pre").textContent()) ?? "";
}

/** The recipient signs up in a browser of their own and claims the gift code: answers their page. */
async function claimAsRecipient(browser: Browser, email: string, giftCode: string): Promise<Page> {
  const recipient = await (await browser.newContext()).newPage();
  await actAsNewShopper(recipient);
  await open(recipient, "/mygift");
  await recipient.getByRole("link", { name: "Create an account" }).click();
  await fillRegistration(recipient, { email, firstName: "Grace", lastName: "Hopper" });
  await expect(recipient).toHaveURL(/\/mygift$/);
  await recipient.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await recipient.getByLabel("Gift code").fill(giftCode);
  await recipient.getByRole("button", { name: "Find my gift" }).click();
  await recipient.getByTestId("gift").getByRole("button", { name: "Claim your gift" }).click();
  await expect(recipient.getByRole("status")).toContainText("we have emailed you the voucher");
  return recipient;
}

test("a claimed gift: its buyer keeps only the 14-day cancellation, and cancelling it tells the recipient why", async ({ browser, page, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const found = await findBuyableDeal(request, { nth: 3, from: "top", where: ({ deal }) => deal.deliveryType === "none" });
  const option = found.deal.products.find((product) => !product.soldOut)!;
  const stamp = Date.now();
  const recipientEmail = `rights-recipient-${stamp}@example.com`;
  await register(page, `rights-buyer-${stamp}@example.com`, "Gina");

  // The buyer sends an E-gift with Deal Protection and pays.
  await buyNow(page, { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } });
  await sendFirstLineAsEGift(page, { name: "Grace", email: recipientEmail });
  const extras = page.getByRole("region", { name: "Extras" });
  await extras.getByRole("button", { name: /^Add Deal Protection/ }).click();
  await expect(extras.getByTestId("addon-DVP").getByRole("status")).toHaveText("Deal Protection is in your order.");
  await payWithTestCard(page);
  await page.getByTestId("voucher").getByRole("link", { name: /^View voucher/ }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\/\d+$/);
  await expect(page.getByTestId("gift-state")).toHaveText("Gifted");
  const voucherUrl = page.url();

  // The recipient claims it.
  const giftEmail = await readMail(page, recipientEmail, /has sent you a gift/);
  const giftCode = /Your gift code: (\S+)/.exec(giftEmail)![1];
  const recipient = await claimAsRecipient(browser, recipientEmail, giftCode);

  // The buyer is offered the refund (the 14-day cancellation) but neither credit nor an extension any more.
  await page.goto(voucherUrl);
  const options = page.getByTestId("after-sale-options");
  await expect(options.getByRole("link", { name: "Refund" })).toBeVisible();
  await expect(options.getByRole("link", { name: "Exchange for wallet credit" })).toHaveCount(0);
  await expect(options).toContainText("Exchange for wallet credit: Your gift has been claimed, so the voucher is no longer yours to exchange for credit.");
  await expect(options.getByRole("link", { name: "Extend your voucher" })).toHaveCount(0);
  await expect(options).toContainText("Extend your voucher: Your gift has been claimed: the person you gave it to can extend it.");
  const voucherId = /\/myaccount\/vouchers\/(\d+)/.exec(voucherUrl)![1];
  await open(page, `/myaccount/vouchers/${voucherId}/credit`);
  await expect(page.getByRole("button", { name: /Exchange|Confirm/ })).toHaveCount(0);

  // The holder may extend it.
  await open(recipient, `/myaccount/vouchers/${voucherId}`);
  await expect(recipient.getByTestId("after-sale-options").getByRole("link", { name: "Extend your voucher" })).toBeVisible();

  // The buyer cancels within the 14 days.
  await open(page, `/myaccount/vouchers/${voucherId}/refund`);
  await expect(page.getByTestId("refund-ends-gift")).toContainText("refunding it cancels it for the recipient too, and we will email them why.");
  await page.getByRole("radio", { name: /Back to how you paid/ }).check();
  await page.getByRole("button", { name: "Confirm refund" }).click();
  await expect(page.getByRole("heading", { name: "Refunded" })).toBeVisible();

  // The recipient sees the cancellation and its reason, on the list and on the voucher, and has the email.
  const reason = "The person who gave it to you cancelled it within the 14-day cancellation period and has been refunded.";
  await open(recipient, "/myaccount/vouchers");
  const held = recipient.getByTestId("voucher");
  await expect(held).toContainText("Cancelled");
  await expect(held.getByTestId("gift-cancelled")).toHaveText(reason);
  await held.getByRole("link", { name: /^View voucher/ }).click();
  await expect(recipient.getByTestId("voucher-status")).toContainText("Cancelled");
  await expect(recipient.getByTestId("gift-cancelled")).toHaveText(reason);
  expect(await seriousViolations(recipient)).toEqual([]);
  const cancelled = await readMail(recipient, recipientEmail, /has been cancelled/);
  expect(cancelled).toContain("Your gift voucher for");
  expect(cancelled).toContain(reason);
  expect(cancelled).toContain(`/myaccount/vouchers/${voucherId}`);
});
