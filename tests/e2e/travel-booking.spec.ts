import { expect, test } from "@playwright/test";
import { CSRF_HEADER } from "../../lib/csrf";
import { actAsNewShopper, payWithTestCard, shopperAddress } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";
import { enterPassengers } from "./support/travel-journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

/** A stay far enough ahead that no other journey's clock reaches it. */
const CHECK_IN = "2027-09-14";
const CHECK_OUT = "2027-09-17";

test("a shopper books 3 nights for 2, enters the passengers, pays, sees the dates on the voucher, and the nights are gone", async ({ page, browser }) => {
  test.slow();
  await register(page, `tess-${Date.now()}@example.com`, "Tess", "Traveller");

  // The seeded travel deal gets rates and one room a night for these dates (development tools).
  const { csrfToken } = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const opened = await page.request.post("/v1/dev/travel-stay", { data: { checkIn: "2027-09-10", nights: 14, capacity: 1 }, headers: { [CSRF_HEADER]: csrfToken } });
  expect(opened.status()).toBe(200);
  const stay = (await opened.json()) as { dealId: number; productId: number; headline: string; pricePerNight: number };

  // The deal page's calendar posts Buy now with the stay's dates and passengers (here without JavaScript's help).
  await page.goto(`/checkout?dealId=${stay.dealId}&productId=${stay.productId}&checkInDate=${CHECK_IN}&checkOutDate=${CHECK_OUT}&guests=2`);
  await page.getByRole("button", { name: "Add to basket and check out" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const line = page.getByTestId("basket-line");
  await expect(line).toContainText(stay.headline);
  await expect(line.getByTestId("line-stay")).toContainText("Check-in:Tue, 14 September 2027");
  await expect(line.getByTestId("line-stay")).toContainText("Check-out:Fri, 17 September 2027");
  await expect(line.getByTestId("line-stay")).toContainText("3 nights, 2 passengers, 1 room");

  // Paying waits for the passengers.
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText("Please enter the details of every passenger.");
  const passengers = page.getByRole("region", { name: "Passenger details" });
  await passengers.getByRole("button", { name: "Save passenger details" }).click();
  const problems = passengers.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problems).toBeFocused();
  await expect(problems).toContainText("Passenger 1: Please select a title");
  await expect(problems).toContainText("Passenger 1: Please enter a contact phone number for the lead passenger");
  await expect(problems).toContainText("Passenger 2: Please enter the passenger's last name");
  expect(await seriousViolations(page)).toEqual([]);

  await enterPassengers(page, [
    { title: "Ms", firstNames: "Tess", lastName: "Traveller", born: { day: 4, month: 7, year: 1988 }, phone: "07700 900456" },
    { title: "Mr", firstNames: "Tom", lastName: "Traveller", born: { day: 30, month: 1, year: 1986 } },
  ]);
  await expect(payment).not.toContainText("Please enter the details of every passenger.");

  await payWithTestCard(page);
  const print = await page.getByRole("link", { name: /^Print voucher/ }).first().getAttribute("href");
  const voucherId = Number(/voucherId=(\d+)/.exec(print ?? "")![1]);

  await open(page, `/myaccount/vouchers/${voucherId}`);
  const voucherStay = page.getByRole("region", { name: "Your stay" });
  await expect(voucherStay).toContainText("Tue, 14 September 2027");
  await expect(voucherStay).toContainText("Fri, 17 September 2027");
  await expect(voucherStay).toContainText("3 nights");
  await expect(voucherStay.getByTestId("voucher-passengers")).toContainText("Ms Tess Traveller (lead passenger)");
  await expect(voucherStay.getByTestId("voucher-passengers")).toContainText("Mr Tom Traveller");
  expect(await seriousViolations(page)).toEqual([]);

  // The next shopper cannot have those nights: the only room was sold.
  const next = await browser.newContext({ extraHTTPHeaders: shopperAddress() });
  const session = (await (await next.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const attempt = await next.request.post("/v1/basket", {
    data: { products: [{ dealProductId: stay.productId, quantity: 1, checkInDate: "2027-09-15", checkOutDate: "2027-09-16", guests: 2 }] },
    headers: { [CSRF_HEADER]: session.csrfToken },
  });
  expect(attempt.status()).toBe(409);
  expect(await attempt.json()).toEqual({ error: { code: "BASKET_TRAVEL_NOT_AVAILABLE", message: "Sorry, no products available for selected dates..." } });
  // Nights either side are still there.
  const other = await next.request.post("/v1/basket", {
    data: { products: [{ dealProductId: stay.productId, quantity: 1, checkInDate: CHECK_OUT, checkOutDate: "2027-09-19", guests: 2 }] },
    headers: { [CSRF_HEADER]: session.csrfToken },
  });
  expect(other.status()).toBe(201);
  await next.close();
});
