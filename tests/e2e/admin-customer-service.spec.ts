/**
 * Issue 26, as staff would click it: customer service finds a shopper by a voucher code, refunds it
 * to the wallet with a reason, the shopper is emailed and the audit names the agent; goodwill
 * credit above the limit waits for a lead, who approves it; the shopper's data downloads as one file.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { formatMoney } from "../../lib/money";
import { invite, signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

test("customer service refunds a voucher found by its code to the wallet, and a lead approves goodwill credit above the limit", async ({ page, browser, request }) => {
  // A purchase, two invitations and two staff sessions: it ran about 60 s on CI's 2 cores.
  test.slow();
  const stamp = Date.now();
  const email = `cs-journey-${stamp}@example.com`;
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 30);
  await register(page, email, "Sally");
  await buyNow(page, deal);
  await payWithTestCard(page);
  const code = (await page.getByTestId("voucher").locator(".font-mono").textContent())!.trim();

  const owner = await (await browser.newContext()).newPage();
  await signInAsDemoOwner(owner);
  const agentName = `Cass ${stamp}`;
  const agent = await invite(owner, browser, agentName, `cass-${stamp}@example.com`, "customer_service");
  const lead = await invite(owner, browser, `Lee ${stamp}`, `lee-${stamp}@example.com`, "customer_service_lead");

  // The shopper reads the code out as printed on the voucher: lower case, spaces between the groups.
  await open(agent, "/admin/customers");
  await agent.getByLabel(/^Email, name, order number/).fill(code.toLowerCase().replace(/-/g, " "));
  await agent.getByRole("button", { name: "Find shoppers" }).click();
  await expect(agent.getByTestId("shoppers-summary")).toBeFocused();
  const row = agent.getByTestId("shopper-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("voucher code");
  await row.getByRole("link").click();
  await expect(agent.getByRole("heading", { level: 1 })).toHaveText("Sally Smith");
  expect(await seriousViolations(agent)).toEqual([]);

  // A refund needs a reason; with one, the voucher goes back to the wallet at once.
  const refund = agent.getByRole("form", { name: "Refund a voucher" });
  await refund.getByLabel("The shopper's wallet, at once").check();
  await refund.getByRole("button", { name: "Refund voucher" }).click();
  await expect(refund.getByText("Give the reason: it is kept in the audit trail.")).toBeVisible();
  // The refused field takes the focus, its error read out with it.
  await expect(refund.getByLabel("Reason")).toBeFocused();
  await refund.getByLabel("Reason").fill("Rang in: bought the wrong date");
  await refund.getByRole("button", { name: "Refund voucher" }).click();
  await expect(refund.getByText("Refunded: the shopper has been emailed.")).toBeVisible();
  await expect(refund.getByRole("status").locator("..")).toBeFocused();
  await expect(agent.getByTestId("shopper-voucher")).toContainText("REFUNDED");
  await expect(agent.getByTestId("shopper-wallet-balance")).toContainText(`refundable ${formatMoney(deal.option.price, "GBP")}`);

  // The shopper gets the refund email (development mailbox).
  await expect
    .poll(async () => {
      await page.goto("/dev/mailbox");
      return page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Your refund is confirmed" }).count();
    })
    .toBe(1);

  // The audit trail names the agent, with the reason.
  await open(owner, "/admin/audit?entityType=voucher");
  await expect(owner.getByTestId("audit-timeline")).toContainText(agentName);
  await expect(owner.getByTestId("audit-timeline")).toContainText("Rang in: bought the wrong date");

  // Goodwill credit above the £25.00 limit waits; the agent cannot approve it.
  const goodwill = agent.getByRole("form", { name: "Give goodwill credit" });
  await goodwill.getByLabel("Amount").fill("40.00");
  await goodwill.getByLabel("Reason").fill("Spa closed when she arrived");
  await goodwill.getByRole("button", { name: "Give credit" }).click();
  await expect(goodwill.getByText("Above the limit: the credit waits for a customer-service lead's approval.")).toBeVisible();
  await expect(agent.getByTestId("goodwill-credits")).toContainText("awaiting approval");
  await expect(agent.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The lead approves it: the credit is in the wallet.
  await open(lead, new URL(agent.url()).pathname);
  const decide = lead.getByRole("form", { name: /^Decide on goodwill credit/ });
  await decide.getByLabel("Your reason").fill("Agreed: the merchant cancelled");
  await decide.getByRole("button", { name: "Approve" }).click();
  await expect(lead.getByText("Approved: the credit is in the shopper's wallet and they have been emailed.")).toBeVisible();
  await expect(lead.getByTestId("shopper-wallet-balance")).toContainText("marketing £40.00");
  await expect(lead.getByTestId("goodwill-credits")).toContainText(`decided by Lee ${stamp}`);

  // The shopper asks for everything held about them: one file, with the refunded voucher in it.
  const download = agent.waitForEvent("download");
  await agent.getByRole("link", { name: "Download everything held" }).click();
  const file = JSON.parse(await readFile(await (await download).path(), "utf8")) as { account: { email: string }; vouchers: { code: string; status: string }[] };
  expect(file.account.email).toBe(email);
  expect(file.vouchers).toContainEqual(expect.objectContaining({ code, status: "REFUNDED" }));
});
