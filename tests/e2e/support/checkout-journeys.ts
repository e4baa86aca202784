import { type APIRequestContext, type Page, expect } from "@playwright/test";
import type { z } from "@hono/zod-openapi";
import { CSRF_HEADER } from "../../../lib/csrf";
import type { DealResponseSchema } from "../../../server/api/catalog-schemas";
import { open } from "./journeys";

export interface BuyableDeal {
  headline: string;
  urlPath: string;
  option: { friendlyName: string; price: number };
}

/** What GET /v1/deal/{id} answers. */
export type DealAnswer = z.infer<typeof DealResponseSchema>;

/**
 * The `nth` plainly buyable deal of the seeded catalogue with at least two options, each with room
 * for a few orders (stock above 5, caps of 3 or more), that also meets `where`, read through the
 * public API. Journeys count from the bottom or the top of the range and take different `nth`, so
 * journeys running in parallel never share stock.
 */
export async function findBuyableDeal(
  request: APIRequestContext,
  search: { nth: number; from: "bottom" | "top"; where?: (answer: DealAnswer) => boolean; highFraudRisk?: boolean },
): Promise<DealAnswer> {
  const roomy = (cap: number | null) => cap === null || cap >= 3;
  let seen = 0;
  for (let step = 0; step < 600; step++) {
    const id = search.from === "bottom" ? 30_000_001 + step : 30_000_600 - step;
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const found = (await response.json()) as DealAnswer;
    const { deal, availability } = found;
    const selling = deal.products.filter((product) => !product.soldOut);
    const open = selling.filter((product) => (product.totalRemaining === null || product.totalRemaining > 5) && roomy(product.purchaseCap));
    const plain = availability.buyable && deal.dealType !== "travel" && !deal.pricePerPerson && deal.display.showPrice && deal.productDisplay.type === "default";
    if (!plain || !roomy(deal.purchaseCap) || open.length < 2 || open.length < selling.length) continue;
    // A deal flagged high fraud risk holds its orders for review: only the fraud review journey buys one.
    if (deal.highFraudRisk !== (search.highFraudRisk ?? false)) continue;
    if (search.where && !search.where(found)) continue;
    if (seen++ === search.nth) return found;
  }
  throw new Error("no buyable deal like that in the seeded catalogue");
}

/**
 * The `nth` buyable deal from the top whose second option costs between 10.00 and 300.00 with no
 * postage or admin fee, so its price is the order's total.
 */
export async function findDealFromTop(request: APIRequestContext, nth: number): Promise<BuyableDeal & { id: number }> {
  const secondOption = (answer: DealAnswer) => answer.deal.products.filter((product) => !product.soldOut)[1];
  const { deal } = await findBuyableDeal(request, {
    nth,
    from: "top",
    where: (answer) => {
      const option = secondOption(answer);
      return option.price >= 1000 && option.price <= 30_000 && option.adminFee === 0 && answer.deal.deliveryType === "none";
    },
  });
  const option = deal.products.filter((product) => !product.soldOut)[1];
  return { id: deal.id, headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } };
}

/** A client address of its own for each shopper (per-IP limits; see start-server.ts). */
export function shopperAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return { "x-forwarded-for": `10.${part()}.${part()}.${part()}` };
}

/** Every request of this page comes from a client address of its own. */
export async function actAsNewShopper(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders(shopperAddress());
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** From the deal page: chooses the option, presses Buy now and waits for the checkout to be live. */
export async function buyNow(page: Page, deal: BuyableDeal): Promise<void> {
  await open(page, deal.urlPath);
  const option = page.getByRole("link", { name: new RegExp(`^${escapeRegExp(deal.option.friendlyName)}`) });
  await option.click();
  await expect(option).toHaveAttribute("aria-current", "true");
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  // The checkout's code may still be loading on a busy machine: wait as a shopper would.
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/, { timeout: 15_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The basket may hold other lines already: this deal is one of them.
  await expect(page.getByTestId("basket-line").filter({ hasText: deal.headline })).toHaveCount(1);
}

/** Types a delivery address into 'Your Details' (address-lookup.spec.ts covers "Find address"). */
export async function typeAddress(page: Page, address = { line1: "1 Wallet Way", city: "London", postcode: "N1 9GU" }): Promise<void> {
  const details = page.getByRole("region", { name: "Your Details" });
  await details.getByRole("button", { name: "Enter address manually" }).click();
  await details.getByLabel("Postcode").fill(address.postcode);
  await details.getByLabel("Address Line 1").fill(address.line1);
  await details.getByLabel("City").fill(address.city);
}

/** The amount on the order summary's "Total to pay" row, in pence. */
export async function totalToPay(page: Page): Promise<number> {
  const row = page.getByRole("region", { name: "Order summary" }).getByText("Total to pay").locator("..");
  const text = (await row.textContent()) ?? "";
  const match = /£([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/,/g, "")) * 100 + Number(match[2]);
}

/** Gives the signed-in shopper wallet credit through the development tools (DEV_TOOLS=on). */
export async function grantWalletCredit(page: Page, amount: number): Promise<void> {
  const session = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post("/v1/dev/wallet-credit", { data: { amount }, headers: { [CSRF_HEADER]: session.csrfToken } });
  expect(response.status()).toBe(201);
}

/** Presses a wallet's button and answers its sandbox approval window. */
export async function payWithWallet(page: Page, method: string, answer: "Approve payment" | "Refuse payment" | "Provider unavailable"): Promise<void> {
  await page.getByRole("region", { name: "Payment" }).getByRole("button", { name: `Pay with ${method}`, exact: true }).click();
  const approval = page.getByRole("dialog", { name: `${method} sandbox` });
  await expect(approval).toBeVisible();
  await approval.getByRole("button", { name: answer }).click();
  await expect(approval).toBeHidden();
}

/**
 * Without JavaScript: picks the deal's first option, presses Buy now, confirms on the page that
 * asks once more, and lands on the basket's checkout. Answers the option bought.
 */
export async function buyNowWithoutJavaScript(page: Page, deal: DealAnswer["deal"]) {
  await page.goto(deal.urlPath);
  const option = deal.products.filter((product) => !product.soldOut)[0];
  await page.getByRole("link", { name: new RegExp(`^${escapeRegExp(option.friendlyName)}`) }).click();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\?dealId=/);
  await expect(page.getByRole("main")).toContainText(option.friendlyName);
  await page.getByRole("button", { name: "Add to basket and check out" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  return option;
}

/** Types an address and pays with the sandbox's good Visa card (ending 1111); lands on the confirmation. */
export async function payWithTestCard(page: Page): Promise<void> {
  await typeAddress(page, { line1: "10 Downing Street", city: "London", postcode: "sw1a1aa" });
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1111");
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
}

/** On checkout, the first basket line becomes an E-gift to `recipient` (as a shopper fills the line's gift options). */
export async function sendFirstLineAsEGift(page: Page, recipient: { name: string; email: string; message?: string }): Promise<void> {
  const line = page.getByTestId("basket-line");
  await line.getByText("Gift it").click();
  const gift = line.getByTestId("gift-options");
  await gift.getByRole("radio", { name: /^E-gift/ }).check();
  await gift.getByLabel("Recipient's name").fill(recipient.name);
  await gift.getByLabel("Recipient's email").fill(recipient.email);
  if (recipient.message) await gift.getByLabel("Gift message (optional)").fill(recipient.message);
  await gift.getByRole("button", { name: "Save gift options" }).click();
  await expect(gift.getByRole("status")).toHaveText("Gift options saved");
}
