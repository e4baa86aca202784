/**
 * Merchant payouts as finance and a merchant click them: a shopper buys, the merchant redeems the
 * code at the till, finance runs the payouts up to now, adds the merchant's bank details when the
 * approval asks for them, approves, downloads the BACS file and marks the payout paid; the merchant
 * finds the payout and its statement, with the redeemed code, in the portal.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard } from "./support/checkout-journeys";
import { open, register } from "./support/journeys";
import { signUpMerchant } from "./support/merchant-journeys";

test("finance pays a merchant for a redeemed voucher and the merchant reads the statement in the portal", async ({ page, browser, request }) => {
  test.slow();
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 49);
  await register(page, `payout-journey-${Date.now()}@example.com`, "Penny");
  await buyNow(page, deal);
  await payWithTestCard(page);
  const code = (await page.getByTestId("voucher").locator(".font-mono").textContent())!.trim();

  const till = await signUpMerchant(browser, deal.id, `payout-till-${Date.now()}@example.com`);
  await till.getByLabel("Voucher code").fill(code);
  await till.getByRole("button", { name: "Look up" }).click();
  await till.getByRole("button", { name: "Redeem" }).click();
  await expect(till.getByRole("status")).toHaveText("Redeemed. The voucher can't be used again.");

  // Finance (the demo owner) pays everything up to now, in a browser of its own.
  const finance = await (await browser.newContext()).newPage();
  await signInAsDemoOwner(finance);
  await open(finance, "/admin/payouts");
  await finance.getByRole("button", { name: "Pay everything up to now (an extra run)" }).click();
  await expect(finance.getByRole("status")).toContainText("drafted: approve them below.");
  // The payout whose statement holds the redeemed code.
  await open(finance, "/admin/payouts?status=draft");
  const payoutLinks = await finance.getByTestId("payout-row").getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  let payoutPath: string | null = null;
  for (const path of payoutLinks) {
    await open(finance, path);
    if ((await finance.getByTestId("payout-line").filter({ hasText: code }).count()) > 0) {
      payoutPath = path;
      break;
    }
  }
  expect(payoutPath, "a drafted payout covering the redeemed voucher").not.toBeNull();
  const payoutId = payoutPath!.split("/").pop()!;

  // The merchant has no bank details yet: approving says so; finance adds them and approves.
  await finance.getByRole("button", { name: "Approve the payout" }).click();
  await expect(finance.getByRole("alert")).toContainText("This merchant has no bank details on file");
  const merchantHref = await finance.locator(`main a[href^="/admin/merchants/"]`).first().getAttribute("href");
  await open(finance, `${merchantHref}/bank-details`);
  await finance.getByLabel("Name on the account").fill("Payout Journey Ltd");
  await finance.getByLabel("Sort code (6 digits)").fill("20-15-30");
  await finance.getByLabel("Account number (8 digits)").fill("41234567");
  await finance.getByLabel("Reason for the change (kept in the audit trail)").fill("Signed bank form received");
  await finance.getByRole("button", { name: "Save the bank details" }).click();
  await expect(finance.getByTestId("bank-details")).toContainText("•••• 4567");
  await open(finance, payoutPath!);
  await finance.getByRole("button", { name: "Approve the payout" }).click();
  await expect(finance.getByRole("status")).toHaveText("Approved: it goes into the next bank file.");
  await expect(finance.getByRole("status").locator("..")).toBeFocused();

  await open(finance, "/admin/payouts");
  await finance.getByRole("button", { name: "Create a bank file" }).click();
  const ready = finance.getByRole("status");
  await expect(ready).toContainText(/Bank file \d+ is ready/);
  const fileId = /Bank file (\d+)/.exec((await ready.textContent())!)![1];
  const download = finance.waitForEvent("download");
  await finance.getByRole("link", { name: `Bank file ${fileId}` }).click();
  const bacs = await readFile(await (await download).path(), "utf8");
  expect(bacs).toMatch(new RegExp(`^201530,41234567,PAYOUT JOURNEY LTD,\\d+\\.\\d{2},DEALWISE PAYOUT ${payoutId},99\\r$`, "m"));

  await open(finance, payoutPath!);
  await finance.getByRole("button", { name: "Mark paid" }).click();
  await expect(finance.getByRole("status")).toHaveText("Marked paid.");
  await expect(finance.getByTestId("payout-figures")).toContainText("Paid");

  // The merchant finds it in the portal, with the statement of the vouchers it covers.
  await till.getByRole("link", { name: "Payouts" }).click();
  const row = till.getByTestId("payout-row").filter({ hasText: `Payout ${payoutId}` });
  await expect(row).toContainText("Paid");
  await row.getByRole("link").click();
  await expect(till.getByRole("heading", { level: 1 })).toContainText(`Payout ${payoutId}`);
  await expect(till.getByTestId("payout-line").filter({ hasText: code })).toContainText("Earned");
  await expect(till.getByRole("link", { name: "Download the statement (PDF)" })).toHaveAttribute("href", `/merchant/payouts/${payoutId}/statement.pdf`);
  await till.context().close();
  await finance.context().close();
});
