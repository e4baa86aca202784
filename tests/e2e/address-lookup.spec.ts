import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { register, seriousViolations } from "./support/journeys";

interface FoundAddress {
  line1: string;
  line2: string;
  city: string;
}

/**
 * A buyable UK deal with unlimited stock, read through the public API from the end of the seeded
 * catalogue (the buying journeys take theirs from the start), and the option to buy.
 */
async function dealToBuy(request: APIRequestContext): Promise<{ dealId: number; productId: number }> {
  for (let id = 30_000_600; id > 30_000_300; id--) {
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal, availability } = (await response.json()) as {
      deal: { dealType: string; pricePerPerson: boolean; countryCode: string; products: { id: number; soldOut: boolean; totalRemaining: number | null }[] };
      availability: { buyable: boolean };
    };
    const product = deal.products.find((candidate) => !candidate.soldOut && candidate.totalRemaining === null);
    if (availability.buyable && product && deal.dealType !== "travel" && !deal.pricePerPerson && deal.countryCode === "GB") return { dealId: id, productId: product.id };
  }
  throw new Error("no buyable deal with unlimited stock in the seeded catalogue");
}

/** A new customer with one deal in the basket, on its checkout page. */
async function checkoutAsNewCustomer(page: Page, request: APIRequestContext, name: string) {
  const part = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${part()}.${part()}.${part()}` });
  const { dealId, productId } = await dealToBuy(request);
  await register(page, `${name}-${Date.now()}@example.com`, name);
  await page.goto(`/checkout?dealId=${dealId}&productId=${productId}`);
  await page.getByRole("button", { name: "Add to basket and check out" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  return page.getByRole("region", { name: "Your Details" });
}

/** Presses Find address and waits for the lookup's answer. */
async function findAddress(page: Page) {
  const answer = page.waitForResponse((response) => response.url().includes("/v1/address/postcode/"));
  await page.getByRole("region", { name: "Your Details" }).getByRole("button", { name: "Find address" }).click();
  return answer;
}

test("a shopper finds their address by postcode, picks it and the address fields are filled in", async ({ page, request }) => {
  const details = await checkoutAsNewCustomer(page, request, "Lou");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Until there is an address, only the postcode is asked for.
  await expect(details.getByLabel("Address Line 1")).toHaveCount(0);

  await details.getByLabel("Postcode").fill("m11ae");
  expect((await findAddress(page)).status()).toBe(200);
  const expected = ((await (await request.get("/v1/address/postcode/M1%201AE")).json()) as { addresses: FoundAddress[] }).addresses;
  expect(expected.length).toBeGreaterThan(1);
  const list = details.getByLabel("Select your address");
  await expect(list).toBeFocused();
  await expect(list.locator("option")).toHaveCount(expected.length + 1);
  await expect(details.getByLabel("Postcode")).toHaveValue("M1 1AE");
  expect(await seriousViolations(page)).toEqual([]);

  const chosen = expected[1];
  await list.selectOption({ label: [chosen.line1, chosen.line2, chosen.city].filter(Boolean).join(", ") });
  await expect(details.getByLabel("Address Line 1")).toHaveValue(chosen.line1);
  await expect(details.getByLabel("Address Line 2")).toHaveValue(chosen.line2);
  await expect(details.getByLabel("City")).toHaveValue(chosen.city);
  await expect(details.getByLabel("Postcode")).toHaveValue("M1 1AE");

  // Another postcode, found with the keyboard alone.
  await details.getByLabel("Postcode").fill("SW1A 2AA");
  await details.getByLabel("Postcode").press("Tab");
  await expect(details.getByRole("button", { name: "Find address" })).toBeFocused();
  const answer = page.waitForResponse((response) => response.url().includes("/v1/address/postcode/"));
  await page.keyboard.press("Enter");
  await answer;
  await expect(list).toBeFocused();
  await list.selectOption({ label: "10 Downing Street, London" });
  await expect(details.getByLabel("Address Line 1")).toHaveValue("10 Downing Street");
  await expect(details.getByLabel("City")).toHaveValue("London");
});

test("an unknown postcode or a failed lookup sends the shopper to manual entry with the spec's words", async ({ page, request }) => {
  const details = await checkoutAsNewCustomer(page, request, "Max");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Not a postcode at all: nothing is looked up.
  await details.getByLabel("Postcode").fill("NOPE");
  await details.getByRole("button", { name: "Find address" }).click();
  await expect(details.getByLabel("Postcode")).toHaveAccessibleDescription("Enter a valid postcode");

  // A valid postcode the address data does not have.
  await details.getByLabel("Postcode").fill("SW1A 9ZZ");
  expect((await findAddress(page)).status()).toBe(404);
  await expect(details.getByRole("alert")).toHaveText("The postcode you entered doesn't exist. Please enter your address manually below.");
  await expect(details.getByLabel("Address Line 1")).toBeFocused();
  await page.keyboard.type("1 New Build Lane");
  await details.getByLabel("City").fill("London");
  await expect(details.getByLabel("Address Line 1")).toHaveValue("1 New Build Lane");
  expect(await seriousViolations(page)).toEqual([]);

  // The lookup service is unreachable: the address is typed in, as it already is here.
  await page.route("**/v1/address/postcode/**", (route) => route.abort("connectionrefused"));
  await details.getByLabel("Postcode").fill("M1 1AE");
  await details.getByRole("button", { name: "Find address" }).click();
  await expect(details.getByRole("alert")).toHaveText("An error occurred looking up your postcode. Please enter your address manually.");
  await expect(details.getByLabel("Address Line 1")).toBeFocused();
  await expect(details.getByLabel("Address Line 1")).toHaveValue("1 New Build Lane");
  await expect(details.getByLabel("City")).toHaveValue("London");
});

test("Enter address manually shows the address fields without a lookup", async ({ page, request }) => {
  const details = await checkoutAsNewCustomer(page, request, "Ida");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await details.getByRole("button", { name: "Enter address manually" }).click();
  await expect(details.getByLabel("Address Line 1")).toBeFocused();
  await details.getByLabel("Address Line 1").fill("2 Mill Lane");
  await details.getByLabel("City").fill("York");
  await details.getByLabel("Postcode").fill("yo17zz");
  await details.getByLabel("City").click();
  await expect(details.getByLabel("Postcode")).toHaveValue("YO1 7ZZ");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the address fields are simply there, with no lookup buttons that could not work", async ({ page, request }) => {
    const details = await checkoutAsNewCustomer(page, request, "Ned");
    await expect(details.getByLabel("Postcode")).toBeVisible();
    await expect(details.getByLabel("Address Line 1")).toBeVisible();
    await expect(details.getByLabel("City")).toBeVisible();
    await expect(details.getByRole("button", { name: "Find address" })).toHaveCount(0);
    await expect(details.getByRole("button", { name: "Enter address manually" })).toHaveCount(0);
  });
});
