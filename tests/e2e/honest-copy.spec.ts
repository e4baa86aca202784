import { type APIRequestContext, expect, test } from "@playwright/test";
import { bestSellerProductId } from "../../modules/catalog/rules/best-seller";
import { GIFT_STATES } from "../../modules/my-vouchers/gift-states";
import { VIP_MAX_EXTRA_DISCOUNT_PERCENT, VIP_RENEWAL_BOX_WORDS, vipAddonTerms } from "../../modules/vip/vip-terms";
import { marketingCreditLimitText } from "../../modules/wallet/plan-wallet-use";
import { actAsNewShopper, type DealAnswer, payWithTestCard } from "./support/checkout-journeys";
import { open, register } from "./support/journeys";

/** Every promise on these pages is the rule that enforces it (docs/decisions/copy-promises-from-rules.md). */
test("the VIP, Club, FAQ and discount code pages promise what the shop does", async ({ page }) => {
  test.setTimeout(120_000);
  await actAsNewShopper(page);
  const optIn = vipAddonTerms("GBP");

  // VIP renewal is an unticked opt-in at checkout: every page that invites a shopper to join says so.
  await open(page, "/deals/vip");
  const join = page.getByRole("region", { name: "What VIP unlocks" });
  await expect(join).toContainText(optIn);
  await expect(join).toContainText(`up to an extra ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}% off`);
  await expect(page.locator("main")).not.toContainText(/renews automatically/i);

  await open(page, "/vip/join");
  await expect(page.getByTestId("vip-terms")).toHaveText(optIn);

  await open(page, "/page/vip-terms-and-conditions");
  const terms = page.locator("main");
  await expect(terms).toContainText(`up to ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}% off the deal price`);
  await expect(terms).toContainText(`renews only if you tick "${VIP_RENEWAL_BOX_WORDS}"`);
  await expect(terms).not.toContainText(/renews automatically|up to 10%/i);

  // The "up to" is true of the catalogue: no member price a deal page offers saves more.
  for (let id = 30_000_001; id <= 30_000_080; id++) {
    const response = await page.request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal } = (await response.json()) as DealAnswer;
    for (const product of deal.products) {
      if (product.vipPrice !== null) expect((product.price - product.vipPrice) * 100, `${deal.id} ${product.friendlyName}`).toBeLessThanOrEqual(product.price * VIP_MAX_EXTRA_DISCOUNT_PERCENT);
    }
  }

  // The FAQ names the gift button by the name the button has.
  await open(page, "/page/faqs");
  await expect(page.locator("main")).toContainText(`open "${GIFT_STATES.GIFT_IT}" under the deal`);
  await expect(page.locator("main")).not.toContainText("Buy as a gift");

  // Codes are typed at checkout; the Irish Black Friday banner's code is one of them.
  await open(page, "/page/discountcodes?brand=wowcherie");
  await expect(page.locator("main")).toContainText('type it into the "Promo code" box');
  await expect(page.locator("main")).not.toContainText("nothing to type");
  // Back to the UK site (the brand is remembered) for the rest.
  await open(page, "/page/discountcodes?brand=wowcher");

  // A shopper who is not VIP reads the same opt-in terms in My Rewards; the Club says what its credit is.
  await register(page, `honest-copy-${Date.now()}@example.com`, "Hope");
  await open(page, "/myaccount/vip-rewards");
  await expect(page.getByTestId("vip-rewards-not-member")).toContainText(optIn);
  await expect(page.getByTestId("vip-rewards-not-member")).not.toContainText(/renews automatically/i);
  await open(page, "/myaccount/rewards");
  await expect(page.getByTestId("club-credit-terms")).toHaveText(
    `Points you exchange arrive in your wallet as marketing credit: it ${marketingCreditLimitText("GBP")}, and can't be exchanged for cash.`,
  );
});

/** A deal of the seeded catalogue whose sales name a best seller that can be bought now (read through the public API). */
async function findBestSeller(request: APIRequestContext): Promise<{ deal: DealAnswer["deal"]; best: DealAnswer["deal"]["products"][number] }> {
  for (let id = 30_000_001; id <= 30_000_600; id++) {
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal, availability } = (await response.json()) as DealAnswer;
    const best = deal.products.find((product) => product.id === bestSellerProductId(deal.products));
    if (!best || !availability.buyable || deal.dealType === "travel" || !deal.display.showPrice || deal.productDisplay.type === "calendar") continue;
    const roomy = (cap: number | null) => cap === null || cap >= 3;
    if (best.soldOut || best.vipExclusive || best.adminFee > 0 || !(best.totalRemaining === null || best.totalRemaining > 5) || !roomy(best.purchaseCap) || !roomy(deal.purchaseCap)) continue;
    return { deal, best };
  }
  throw new Error("no buyable best seller in the seeded catalogue");
}

test("a deal's 'N sold' is its orders: one more purchase, one more sold", async ({ page }) => {
  test.setTimeout(180_000);
  await actAsNewShopper(page);
  const { deal, best } = await findBestSeller(page.request);
  const sold = (units: number) => `${best.friendlyName} (${units.toLocaleString("en-GB")} sold)`;

  await register(page, `honest-sold-${Date.now()}@example.com`, "Sol");
  await open(page, deal.urlPath);
  await expect(page.getByTestId("best-seller")).toContainText(sold(best.totalBought));

  // Choose the best-selling option (a dropdown or a list of links), then Buy now.
  if (deal.productDisplay.type === "dropdown") {
    const choice = page.getByLabel("Choose your option");
    await choice.selectOption(String(best.id));
    await expect(choice).toHaveValue(String(best.id));
  } else {
    const option = page.getByRole("link", { name: new RegExp(`^${best.friendlyName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    await option.click();
    await expect(option).toHaveAttribute("aria-current", "true");
  }
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line")).toContainText(best.friendlyName);
  // The gift choice is called what the FAQ calls it.
  await expect(page.getByTestId("gift-options").first().locator("summary")).toContainText(GIFT_STATES.GIFT_IT);
  await payWithTestCard(page);

  await open(page, deal.urlPath);
  await expect(page.getByTestId("best-seller")).toContainText(sold(best.totalBought + 1));
});
