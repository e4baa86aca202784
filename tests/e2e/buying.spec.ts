import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { actAsNewShopper, buyNowWithoutJavaScript, type DealAnswer, findBuyableDeal, shopperAddress, typeAddress } from "./support/checkout-journeys";
import { fillRegistration, open, register, seriousViolations } from "./support/journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

const findDeal = (request: APIRequestContext, nth: number) => findBuyableDeal(request, { nth, from: "bottom" });

/** Opens the deal, picks its second option and presses Buy now; lands on the basket's checkout. */
async function buyFromDealPage(page: Page, summary: DealAnswer) {
  await open(page, summary.deal.urlPath);
  const option = summary.deal.products.filter((product) => !product.soldOut)[1];
  await page.getByRole("link", { name: new RegExp(`^${option.friendlyName}`) }).click();
  await expect(page.getByRole("link", { name: new RegExp(`^${option.friendlyName}`) })).toHaveAttribute("aria-current", "true");
  // With JavaScript, once the visitor's CSRF token has arrived, Buy now posts straight away.
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const line = page.getByTestId("basket-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(summary.deal.headline);
  await expect(line).toContainText(option.friendlyName);
  return option;
}

async function fillAddress(page: Page) {
  const details = page.getByRole("region", { name: "Your Details" });
  await typeAddress(page, { line1: "10 Downing Street", city: "London", postcode: "sw1a1aa" });
  // Leaving the postcode field tidies it.
  await expect(details.getByLabel("Postcode")).toHaveValue("SW1A 1AA");
}

async function payByCard(page: Page, number: string) {
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill(number);
  await payment.getByLabel("Expiry date (MM/YY)").fill("12/30");
  await payment.getByLabel("Security code").fill("123");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
}

test("a guest buys a deal: basket, countdown, register at checkout, promo code, card, confirmation, My Vouchers, PDF", async ({ browser, page, request }) => {
  // The whole purchase, end to end (registration, order, PDF, a second shopper): it ran 33 s on CI's 2 cores.
  test.slow();
  const summary = await findDeal(request, 0);
  const email = `buyer-${Date.now()}@example.com`;
  await buyFromDealPage(page, summary);

  // The reservation countdown (dd:hh:mm:ss) runs.
  const timer = page.getByRole("timer", { name: "Time left on your reservation" });
  await expect(page.getByTestId("reservation")).toContainText("Reserved at price for");
  await expect(timer).toHaveText(/^00:00:(09|10):\d\d$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);
  // The header counts what is in the basket.
  await expect(page.getByTestId("basket-quantity")).toHaveText("1");

  // A promo code needs an account; paying needs one too.
  const promo = page.getByRole("region", { name: "Promo code" });
  await expect(promo).toContainText("Log in or register above to use a promo code.");
  await expect(page.getByRole("button", { name: /^Pay .* now$/ })).toBeDisabled();

  await fillRegistration(page.getByRole("form", { name: "Register" }), { email, firstName: "Bea", lastName: "Buyer" });
  await expect(page.getByRole("region", { name: "Your Details" })).toContainText(`Signed in as ${email}`);
  await expect(page.getByRole("region", { name: "Your Details" }).getByLabel("First Name")).toHaveValue("Bea");
  await expect(page.getByRole("navigation", { name: "Account", exact: true }).getByText("Hi, Bea")).toBeVisible();
  // The deal page stays the same for everyone: nothing of this shopper or their basket in its HTML.
  const basketToken = page.url().split("/checkout/")[1];
  const dealHtml = await (await page.context().request.get(summary.deal.urlPath)).text();
  expect(dealHtml).toContain(summary.deal.headline);
  expect(dealHtml).not.toContain(basketToken);
  expect(dealHtml).not.toContain(email);
  expect(dealHtml).not.toContain("Hi, Bea");
  // Still the same basket, still reserved.
  await expect(page.getByTestId("basket-line")).toHaveCount(1);
  await expect(page.getByTestId("reservation")).toContainText("Reserved at price for");

  const totalBefore = await page.getByRole("region", { name: "Order summary" }).getByText("Total to pay").locator("..").textContent();
  await promo.getByLabel("Enter a promo code").fill("NOSUCHCODE");
  await promo.getByRole("button", { name: "Apply" }).click();
  await expect(promo.getByRole("alert")).toContainText(/invalid/i);
  await promo.getByLabel("Enter a promo code").fill("welcome10");
  await promo.getByRole("button", { name: "Apply" }).click();
  await expect(promo.getByRole("status")).toContainText("WELCOME10");
  const summaryBox = page.getByRole("region", { name: "Order summary" });
  await expect(summaryBox).toContainText("Promo code discount");
  await expect(summaryBox.getByText("Total to pay").locator("..")).not.toHaveText(totalBefore!);

  // Paying without an address is stopped at 'Your Details'.
  await payByCard(page, "4111 1111 1111 1111");
  await expect(page.getByRole("region", { name: "Your Details" }).getByText("Required field").first()).toBeVisible();
  await fillAddress(page);

  // Card form messages come from the spec.
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Card number").fill("4111 1111 1111 1112");
  await payment.getByLabel("Expiry date (MM/YY)").fill("13/30");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  // Each field says what is wrong with it; the error summary above the form lists both and takes the focus.
  await expect(payment.getByLabel("Card number")).toHaveAccessibleDescription("Hmm. That card number doesn't look right");
  await expect(payment.getByLabel("Expiry date (MM/YY)")).toHaveAccessibleDescription("This expiry date is not valid");
  await expect(payment.getByTestId("error-summary")).toBeFocused();
  await expect(payment.getByTestId("error-summary").getByRole("link")).toHaveText([
    "Card number: Hmm. That card number doesn't look right",
    "Expiry date (MM/YY): This expiry date is not valid",
  ]);
  await payment.getByLabel("Card number").fill("3782 822463 10005");
  await payment.getByRole("button", { name: /^Pay .* now$/ }).click();
  await expect(payment.getByLabel("Card number")).toHaveAccessibleDescription("Sorry, we currently only accept Visa and MasterCard");

  expect(await seriousViolations(page)).toEqual([]);

  await payByCard(page, "4111 1111 1111 1111");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByTestId("order-id")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("order-total")).toContainText("(GBP)");
  await expect(page.getByTestId("order-total")).toContainText("by Visa");
  const confirmationUrl = new URL(page.url()).pathname;
  const orderId = (await page.getByTestId("order-id").textContent())!;
  expect(await seriousViolations(page)).toEqual([]);
  const voucher = page.getByTestId("voucher");
  await expect(voucher).toHaveCount(1);
  await expect(voucher).toContainText(summary.deal.headline);
  const code = (await voucher.locator(".font-mono").textContent())!.trim();
  expect(code.length).toBeGreaterThanOrEqual(8);
  // The basket became the order: the header has nothing left to count.
  await expect(page.getByTestId("basket-quantity")).toHaveCount(0);

  // Going back to the paid basket's checkout shows the order, not a new basket.
  await page.goBack();
  await expect(page).toHaveURL(confirmationUrl);

  // The confirmation email with the voucher code goes out through the outbox.
  await expect
    .poll(async () => (await page.context().request.get("/dev/mailbox")).text(), { timeout: 15_000 })
    .toContain(`Your Wowcher order ${orderId} is confirmed`);

  await page.getByRole("link", { name: "See all your vouchers in My Vouchers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Vouchers");
  await expect(page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Vouchers" })).toHaveAttribute("aria-current", "page");
  const mine = page.getByTestId("voucher");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(code);
  await expect(mine).toContainText("Ready to Redeem");
  await expect(mine).toContainText(summary.deal.headline);
  await expect(mine).toContainText(/Expires \d{1,2} \w+ \d{4}/);
  expect(await seriousViolations(page)).toEqual([]);

  // The printable voucher downloads as a PDF, for its owner only.
  const href = await mine.getByRole("link", { name: `Print voucher ${code} (PDF)` }).getAttribute("href");
  const pdf = await page.context().request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const otherContext = await browser.newContext({ extraHTTPHeaders: shopperAddress() });
  const other = await otherContext.newPage();
  await register(other, `other-${Date.now()}@example.com`, "Otto");
  expect((await other.request.get(href!)).status()).toBe(404);
  expect((await other.request.get(confirmationUrl)).status()).toBe(404);
  await otherContext.close();
});

test("a declined card shows the spec's text and the basket survives, still reserved", async ({ page, request }) => {
  const summary = await findDeal(request, 1);
  const email = `declined-${Date.now()}@example.com`;
  await register(page, email, "Dee");

  await buyFromDealPage(page, summary);
  await expect(page.getByRole("region", { name: "Your Details" })).toContainText(`Signed in as ${email}`);
  // Two of them: the line, the total and the header follow.
  const line = page.getByTestId("basket-line");
  await line.getByRole("combobox", { name: /^Quantity of / }).selectOption("2");
  await expect(line).toContainText(/2 × £\d+\.\d\d/);
  await expect(page.getByTestId("basket-quantity")).toHaveText("2");
  await fillAddress(page);
  await payByCard(page, "4000 0000 0000 0002");

  const problem = page.getByRole("region", { name: "Payment" }).getByRole("alert");
  await expect(problem).toContainText("Oops! Payment Failed");
  await expect(problem).toContainText("Your card was declined by your bank. Please try another card or contact your bank.");
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByTestId("basket-line")).toHaveCount(1);
  await expect(page.getByTestId("reservation")).toContainText("Reserved at price for");

  // Still there after a reload, still held.
  await page.reload();
  await expect(page.getByTestId("basket-line")).toHaveCount(1);
  await expect(page.getByTestId("basket-line")).toContainText(/2 × /);
  await expect(page.getByTestId("basket-line")).toContainText(summary.deal.headline);
  await expect(page.getByRole("timer", { name: "Time left on your reservation" })).toHaveText(/^00:00:(09|10):\d\d$/);

  // My Vouchers has nothing: no order was placed.
  await open(page, "/myaccount/vouchers");
  await expect(page.getByText("You have no vouchers yet.")).toBeVisible();

  // Spec §8 (422): a basket that cannot be checked out any more starts a new, empty one.
  await open(page, "/checkout/no-such-basket-token-at-all");
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}\?restarted=1$/);
  await expect(page.getByRole("alert").first()).toHaveText(
    "Oops! Something went wrong. Please try again or click Add to Basket to complete your purchase.",
  );
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText("Your basket is empty.");
});

test("a returning customer pays with the card they saved and an address from their last order", async ({ page, request }) => {
  const summary = await findDeal(request, 3);
  await register(page, `returning-${Date.now()}@example.com`, "Rita");
  await buyFromDealPage(page, summary);
  await fillAddress(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByLabel("Save this card for next time").check();
  await payByCard(page, "5555 5555 5555 4444");
  await expect(page.getByTestId("order-total")).toContainText("by MasterCard");

  await buyFromDealPage(page, summary);
  const details = page.getByRole("region", { name: "Your Details" });
  await expect(details.getByLabel("Address Line 1")).toHaveValue("10 Downing Street");
  await expect(details.getByLabel("Use a previous address")).toContainText("10 Downing Street, London, SW1A 1AA");
  await expect(payment.getByRole("radio", { name: /^MasterCard ending 4444 \(expires 12\/30\)$/ })).toBeChecked();
  await expect(payment.getByLabel("Card number")).toHaveCount(0);
  // An impatient double click still places one order.
  await payment.getByRole("button", { name: /^Pay .* now$/ }).dblclick();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  await expect(page.getByTestId("order-total")).toContainText("by MasterCard");

  await open(page, "/myaccount/vouchers");
  await expect(page.getByTestId("voucher")).toHaveCount(2);
});

test("when the countdown runs out the basket says so, refreshes, confirms availability and counts again", async ({ page, request }) => {
  const summary = await findDeal(request, 4);
  // The browser's clock is ours to move; the server's holds run on real time.
  await page.clock.install();
  await buyFromDealPage(page, summary);
  const checkout = page.locator("[data-status]");
  const reservation = page.getByTestId("reservation");
  await expect(reservation).toContainText("Reserved at price for");
  await expect(checkout).toHaveAttribute("data-status", "READY");

  await page.clock.fastForward("10:01");
  await expect(reservation).toContainText("Your items are no longer reserved.");
  await page.clock.fastForward(2000);
  await expect(reservation).toContainText("Availability confirmed: your items are reserved again.");
  await expect(checkout).toHaveAttribute("data-status", "REFRESHED");
  await page.clock.fastForward(4100);
  await expect(checkout).toHaveAttribute("data-status", "READY");
  await expect(page.getByRole("timer", { name: "Time left on your reservation" })).toHaveText(/^00:00:(09|10):\d\d$/);
  await expect(page.getByTestId("basket-line")).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Buy now asks once more with the visitor's token; registering, promo codes, quantities and removing work as plain forms", async ({ page, request }) => {
    const summary = await findDeal(request, 2);
    await buyNowWithoutJavaScript(page, summary.deal);
    await expect(page.getByTestId("basket-line")).toContainText(summary.deal.headline);
    await expect(page.getByTestId("reservation")).toContainText("Reserved at price for");

    // Registering and promo codes are plain forms too.
    const email = `nojs-${Date.now()}@example.com`;
    await fillRegistration(page.getByRole("form", { name: "Register" }), { email, firstName: "Noah", lastName: "Script" });
    await expect(page.getByRole("region", { name: "Your Details" })).toContainText(`Signed in as ${email}`);
    const promo = page.getByRole("region", { name: "Promo code" });
    await promo.getByLabel("Enter a promo code").fill("WELCOME10");
    await promo.getByRole("button", { name: "Apply" }).click();
    await expect(promo.getByRole("status")).toContainText("WELCOME10");

    // Changing and removing lines are plain forms too.
    await page.getByRole("combobox", { name: /^Quantity of / }).selectOption("3");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("basket-line")).toContainText(/3 × /);
    await page.getByTestId("basket-line").getByRole("button", { name: /^Remove / }).click();
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText("Your basket is empty.");
  });
});
