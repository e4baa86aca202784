import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard, sendFirstLineAsEGift } from "./support/checkout-journeys";
import { fillRegistration, open, register, seriousViolations } from "./support/journeys";

test("an E-gift: the buyer never sees its code; the recipient signs up, claims it at /mygift and has the voucher", async ({ browser, page, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 14);
  const stamp = Date.now();
  const recipientEmail = `gift-recipient-${stamp}@example.com`;
  await register(page, `gift-buyer-${stamp}@example.com`, "Gina");

  // The buyer sends the line as an E-gift and pays.
  await buyNow(page, deal);
  await sendFirstLineAsEGift(page, { name: "Grace", email: recipientEmail, message: "Happy birthday!" });
  await payWithTestCard(page);

  // Confirmation and the voucher's page: Gifted, and no code anywhere.
  const onConfirmation = page.getByTestId("voucher");
  await expect(onConfirmation).toContainText("Gifted");
  await expect(onConfirmation.getByText(/Voucher code:/)).toHaveCount(0);
  await onConfirmation.getByRole("link", { name: /^View voucher/ }).click();
  await expect(page.getByTestId("gift-state")).toHaveText("Gifted");
  await expect(page.getByTestId("voucher-gifted")).toBeVisible();
  await expect(page.getByText(/Voucher code:/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Print voucher/ })).toHaveCount(0);

  // The gift code, from the development mailbox.
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain(recipientEmail);
  await page.goto("/dev/mailbox");
  await page.getByRole("row", { name: new RegExp(recipientEmail) }).getByRole("link").click();
  const giftEmail = (await page.locator("pre").textContent()) ?? "";
  const giftCode = /Your gift code: (\S+)/.exec(giftEmail)?.[1];
  expect(giftCode).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(giftEmail).toContain("/mygift");

  // The recipient, in a browser of their own: the guides' claim-my-gift flag leads to the claim, which asks them to register first.
  const recipient = await (await browser.newContext()).newPage();
  await actAsNewShopper(recipient);
  await open(recipient, "/guides/hub?claim-my-gift=true");
  await expect(recipient).toHaveURL(/\/mygift$/);
  await expect(recipient.getByRole("heading", { level: 1 })).toHaveText("Claim a Gift");
  await recipient.getByRole("link", { name: "Create an account" }).click();
  await fillRegistration(recipient, { email: recipientEmail, firstName: "Grace", lastName: "Hopper" });
  await expect(recipient).toHaveURL(/\/mygift$/);
  await recipient.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // A code in the wrong case is not recognised: the error summary takes the focus.
  const wrongCase = giftCode!.replace(/[A-Za-z]/, (letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()));
  await recipient.getByLabel("Gift code").fill(wrongCase);
  await recipient.getByRole("button", { name: "Find my gift" }).click();
  await expect(recipient.getByRole("alert")).toContainText("Gift code not recognized. Please try again.");
  await expect(recipient.getByRole("alert")).toBeFocused();
  expect(await seriousViolations(recipient)).toEqual([]);

  await recipient.getByLabel("Gift code").fill(giftCode!);
  await recipient.getByRole("button", { name: "Find my gift" }).click();
  const shown = recipient.getByTestId("gift");
  await expect(shown.getByRole("heading", { level: 2 })).toHaveText(deal.headline);
  await expect(shown).toContainText("A gift from Gina to Grace");
  await expect(shown).toContainText("Happy birthday!");
  expect(await seriousViolations(recipient)).toEqual([]);
  await shown.getByRole("button", { name: "Claim your gift" }).click();
  await expect(recipient.getByRole("status")).toContainText("we have emailed you the voucher");

  // The voucher is theirs, with its code; the buyer still sees no code.
  await recipient.getByRole("link", { name: "See your voucher" }).click();
  await expect(recipient.getByRole("heading", { level: 1 })).toHaveText(deal.headline);
  await expect(recipient.getByText(/Voucher code:/)).toBeVisible();
  await expect(recipient.getByTestId("gift-state")).toHaveText("A gift to you");
  await open(recipient, "/myaccount/vouchers");
  await expect(recipient.getByTestId("voucher")).toHaveCount(1);
  await expect(recipient.getByTestId("voucher")).toContainText(/Voucher code: \w{4}-\w{4}-\w{4}/);
  await expect.poll(async () => (await recipient.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toContain("Your gift voucher from");

  await open(page, "/myaccount/vouchers");
  await expect(page.getByTestId("voucher")).toContainText("Gifted");
  await expect(page.getByTestId("voucher").getByText(/Voucher code:/)).toHaveCount(0);
});
