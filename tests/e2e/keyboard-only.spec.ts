import { expect, test } from "@playwright/test";
import { actAsNewShopper, findBuyableDeal } from "./support/checkout-journeys";
import { open, PASSWORD } from "./support/journeys";
import { tabTo, typeAddressByKeyboard, typeCardByKeyboard, typeInto } from "./support/keyboard";

test.beforeEach(({ page }) => actAsNewShopper(page));

test("a keyboard-only shopper searches, opens a deal, registers at checkout and pays by card", async ({ page, request }) => {
  test.slow(); // a purchase typed key by key
  // A shop deal: delivered anywhere, so the search finds it from any location.
  const { deal } = await findBuyableDeal(request, { nth: 3, from: "top", where: (answer) => answer.deal.urlPath.startsWith("/deal/shop/") });
  const option = deal.products.filter((product) => !product.soldOut)[0];

  // Search from the header: Tab to the box, type, Enter.
  await open(page, "/deals/london");
  const searchBox = page.getByRole("combobox", { name: "Search deals" });
  await tabTo(page, searchBox);
  await page.keyboard.type(deal.title);
  await page.keyboard.press("Escape"); // closes the suggestions, keeps the text
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);

  // The results: Tab to the deal, Enter. The new page is announced and its heading has the focus.
  const dealLink = page.getByRole("main").locator(`a[href^="${deal.urlPath}"]`).first();
  await tabTo(page, dealLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(deal.urlPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByTestId("route-announcer")).not.toHaveText("");

  // Choose the option, then Buy now.
  const optionLink = page.getByRole("link", { name: new RegExp(`^${option.friendlyName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  await tabTo(page, optionLink);
  await page.keyboard.press("Enter");
  await expect(optionLink).toHaveAttribute("aria-current", "true");
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await tabTo(page, page.getByRole("button", { name: "Buy now" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeFocused();
  await expect(page.getByTestId("basket-line")).toContainText(deal.headline);

  // Register at checkout: a mistake first, the error summary takes the focus and links to the field.
  const registration = page.getByRole("form", { name: "Register" });
  const email = `keys-${Date.now()}@example.com`;
  await typeInto(page, registration.getByLabel("First Name"), "Kay");
  await typeInto(page, registration.getByLabel("Last Name"), "Board");
  await typeInto(page, registration.getByLabel("Email", { exact: true }), email);
  await typeInto(page, registration.getByLabel("Password", { exact: true }), PASSWORD);
  await tabTo(page, registration.getByRole("button", { name: "Create account" }));
  await page.keyboard.press("Enter");
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("There is a problem");
  const confirmLink = summary.getByRole("link", { name: /^Confirm Password: / });
  await tabTo(page, confirmLink);
  await page.keyboard.press("Enter");
  await expect(registration.getByLabel("Confirm Password")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await tabTo(page, registration.getByRole("button", { name: "Create account" }));
  await page.keyboard.press("Enter");
  // The form is replaced by the account's details: the focus goes with it.
  await expect(page.locator("#checkout-signed-in")).toBeFocused();
  await expect(page.locator("#checkout-signed-in")).toContainText(`Signed in as ${email}`);

  // The address, typed in.
  await typeAddressByKeyboard(page);

  // The sandbox card form: a wrong number first, then the good Visa card.
  const payment = await typeCardByKeyboard(page, "4111 1111 1111 1112");
  const pay = payment.getByRole("button", { name: /^Pay .* now$/ });
  await tabTo(page, pay);
  await page.keyboard.press("Enter");
  await expect(payment.getByTestId("error-summary")).toBeFocused();
  await tabTo(page, payment.getByTestId("error-summary").getByRole("link", { name: /^Card number: / }));
  await page.keyboard.press("Enter");
  const cardNumber = payment.getByLabel("Card number");
  await expect(cardNumber).toBeFocused();
  await expect(cardNumber).toHaveAccessibleDescription("Hmm. That card number doesn't look right");
  await page.keyboard.press("End");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("1");
  await expect(cardNumber).toHaveValue("4111 1111 1111 1111");
  await tabTo(page, pay);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});
