/**
 * Issue 22: the total a travel deal's calendar shows is the total checkout charges and the
 * confirmation states: the product's admin fee included everywhere. Real rates (opened through the
 * development tools), no fixtures. Issue 25: the delivery option chosen at checkout is in the total
 * shown, the amount charged and the confirmation.
 */
import { expect, type Page, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { formatMoney } from "../../lib/money";
import { withProduct } from "../../modules/catalog/deal-detail/urls";
import { actAsNewShopper, type DealAnswer, findBuyableDeal, payWithTestCard, totalToPay } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";
import { enterPassengers } from "./support/travel-journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

/**
 * A UK travel deal booked on its calendar with an option that carries an admin fee, opened for
 * sale on a run of nights (development tools): its path and the option.
 */
async function openDealWithAdminFee(page: Page): Promise<{ urlPath: string; productId: number; adminFee: number }> {
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const opened = await page.request.post("/v1/dev/travel-stay", {
    data: { checkIn: "2027-10-04", nights: 14, capacity: 3, calendarWithAdminFee: true },
    headers: { [CSRF_HEADER]: csrfToken },
  });
  expect(opened.status()).toBe(200);
  const stay = (await opened.json()) as { dealId: number; productId: number; urlPath: string };
  const { deal } = (await (await page.request.get(`/v1/deal/${stay.dealId}`)).json()) as DealAnswer;
  const option = deal.products.find((product) => product.id === stay.productId)!;
  expect(option.adminFee).toBeGreaterThan(0);
  return { urlPath: stay.urlPath, productId: stay.productId, adminFee: option.adminFee };
}

const pence = (text: string) => {
  const match = /£([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/,/g, "")) * 100 + Number(match[2]);
};

test("the calendar's total, admin fee included, is what checkout charges and the confirmation states", async ({ page }) => {
  test.slow();
  const email = `hana-${Date.now()}@example.com`;
  await register(page, email, "Hana", "Honest");
  const option = await openDealWithAdminFee(page);

  // The option's own page: its calendar prices that option alone.
  await open(page, withProduct(option.urlPath, `/${option.productId}`));
  const booking = page.getByTestId("travel-booking");
  const grid = booking.getByRole("grid");
  await expect(grid).toBeVisible();
  const choosable = grid.locator('[role="gridcell"][data-day]:not([aria-disabled="true"])');
  await expect(choosable.first()).toBeVisible();
  const checkIn = (await choosable.first().getAttribute("data-day"))!;
  await choosable.first().click();
  await expect(page.getByTestId("travel-status")).toContainText("Please select your check-out date.");
  // The first day after check-in the calendar lets the stay end on.
  const laterDays = async () => (await choosable.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day")!))).filter((day) => day > checkIn).sort();
  // Checked in on a month's last night: the stay ends in the next month, as a shopper would page to.
  if ((await laterDays()).length === 0) {
    await booking.getByRole("button", { name: /^Next month/ }).click();
    await expect(grid.locator(`[role="gridcell"][data-day="${checkIn}"]`)).toHaveCount(0);
  }
  const checkOut = (await laterDays())[0];
  await grid.locator(`[role="gridcell"][data-day="${checkOut}"]`).click();
  await expect(page.getByTestId("travel-status")).toContainText("Check-out");

  const summary = page.getByTestId("travel-summary");
  await expect(summary).toContainText(`Includes all mandatory fees, the ${formatMoney(option.adminFee, "GBP")} admin fee among them.`);
  const shown = pence((await page.getByTestId("travel-total").textContent()) ?? "");
  expect(await seriousViolations(page)).toEqual([]);

  await booking.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line")).toContainText(formatMoney(shown, "GBP"));
  expect(await totalToPay(page)).toBe(shown);

  await enterPassengers(page, [
    { title: "Ms", firstNames: "Hana", lastName: "Honest", born: { day: 4, month: 7, year: 1988 }, phone: "07700 900456" },
    { title: "Mr", firstNames: "Hal", lastName: "Honest", born: { day: 30, month: 1, year: 1986 } },
  ]);
  expect(await totalToPay(page)).toBe(shown);
  await payWithTestCard(page);
  await expect(page.getByTestId("order-total")).toContainText(formatMoney(shown, "GBP"));
  // The confirmation email says the same (development mailbox).
  await expect.poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 }).toMatch(/order \d+ is confirmed/);
  await page.goto("/dev/mailbox");
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("link", { name: /order \d+ is confirmed/ })
    .click();
  await expect(page.getByRole("main")).toContainText(`Paid by Visa: ${formatMoney(shown, "GBP")}`);
});

test("the delivery chosen at checkout, by keyboard, is in the total shown, the amount charged and the confirmation", async ({ page, request }) => {
  test.slow();
  const offersNextDay = (answer: DealAnswer) =>
    answer.deal.products.filter((product) => !product.soldOut)[1]?.deliveryOptions.some((option) => option.method === "next_day") ?? false;
  const { deal } = await findBuyableDeal(request, { nth: 0, from: "top", where: offersNextDay });
  const option = deal.products.filter((product) => !product.soldOut)[1];
  const price = (method: string) => option.deliveryOptions.find((choice) => choice.method === method)!.price;
  await register(page, `dee-${Date.now()}@example.com`, "Dee", "Livery");

  // The deal page lists the option's delivery prices.
  await open(page, withProduct(deal.urlPath, `/${option.id}`));
  const offered = page.getByTestId("delivery-options");
  await expect(offered).toContainText(`Next working day delivery${formatMoney(price("next_day"), "GBP")}`);
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Standard is charged until the shopper chooses: the postage is in the total from the start.
  const choice = page.getByTestId("delivery-choice");
  const delivery = choice.getByRole("group", { name: /^Delivery of / });
  const standard = delivery.getByRole("radio", { name: /^Standard delivery/ });
  await expect(standard).toBeChecked();
  const summary = page.getByRole("region", { name: "Order summary" });
  if (price("standard") > 0) await expect(summary.getByText("Postage").locator("..")).toContainText(formatMoney(price("standard"), "GBP"));
  const before = await totalToPay(page);

  // An arrow key only moves the choice; the total changes when the shopper updates it.
  await standard.focus();
  await page.keyboard.press("ArrowDown");
  await expect(delivery.getByRole("radio", { name: /^Next working day delivery/ })).toBeChecked();
  await expect(choice).toContainText("The total still includes standard delivery");
  expect(await totalToPay(page)).toBe(before);
  await page.keyboard.press("Tab");
  await expect(choice.getByRole("button", { name: "Update delivery" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(choice.getByRole("status")).toHaveText("Delivery updated: the total includes it");
  const after = before - price("standard") + price("next_day");
  await expect.poll(() => totalToPay(page)).toBe(after);
  await expect(summary.getByText("Postage").locator("..")).toContainText(formatMoney(price("next_day"), "GBP"));
  expect(await seriousViolations(page)).toEqual([]);

  await payWithTestCard(page);
  await expect(page.getByTestId("order-total")).toContainText(formatMoney(after, "GBP"));
  await expect(page.getByRole("main")).toContainText("Next working day delivery");
});
