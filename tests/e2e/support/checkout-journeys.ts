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
 * The `nth` plainly buyable deal counted down from the top of the seeded catalogue (buying.spec.ts
 * counts up from the bottom), read through the public API: each journey gets a deal of its own, so
 * journeys running in parallel never share stock. Its second option costs between 10.00 and 300.00.
 */
export async function findDealFromTop(request: APIRequestContext, nth: number): Promise<BuyableDeal> {
  let seen = 0;
  for (let id = 30_000_600; id > 30_000_000; id--) {
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal, availability } = (await response.json()) as DealAnswer;
    const selling = deal.products.filter((product) => !product.soldOut);
    const option = selling[1];
    const plain = availability.buyable && deal.dealType !== "travel" && !deal.pricePerPerson && deal.display.showPrice && deal.productDisplay.type === "default";
    const stocked = (product: DealAnswer["deal"]["products"][number]) => (product.totalRemaining === null || product.totalRemaining > 5) && product.purchaseCap !== 0;
    if (!plain || !option || !selling.every(stocked) || deal.purchaseCap === 0 || option.price < 1000 || option.price > 30_000) continue;
    if (seen++ === nth) return { headline: deal.headline, urlPath: deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } };
  }
  throw new Error("no plainly buyable deal in the seeded catalogue");
}

/** A client address of its own for each shopper (per-IP limits; see start-server.ts). */
export async function actAsNewShopper(page: Page): Promise<void> {
  const part = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${part()}.${part()}.${part()}` });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** From the deal page: chooses the option, presses Buy now and waits for the checkout to be live. */
export async function buyNow(page: Page, deal: BuyableDeal): Promise<void> {
  await open(page, deal.urlPath);
  const option = page.getByRole("link", { name: new RegExp(`^${escapeRegExp(deal.option.friendlyName)}`) });
  await option.click();
  await expect(option).toHaveAttribute("aria-current", "true");
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line")).toContainText(deal.headline);
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
