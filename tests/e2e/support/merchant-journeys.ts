import { type Browser, type Page, expect } from "@playwright/test";
import { CSRF_HEADER } from "../../../lib/csrf";
import { open } from "./journeys";

export const MERCHANT_PASSWORD = "stamp the voucher";

/** Invites a merchant user for the deal's merchant through the development tools (DEV_TOOLS=on); answers the link's path. */
export async function inviteMerchant(page: Page, dealId: number, email: string): Promise<string> {
  const session = (await (await page.request.get("/v1/user/session")).json()) as { csrfToken: string };
  const response = await page.request.post("/v1/dev/merchant-invitation", { data: { dealId, email, name: "Tilly" }, headers: { [CSRF_HEADER]: session.csrfToken } });
  expect(response.status()).toBe(201);
  return new URL(((await response.json()) as { url: string }).url).pathname;
}

/**
 * A merchant user of the deal's merchant on a browser of its own: invited, chooses a password and
 * lands on the portal's till. Close the answered page's context when done.
 */
export async function signUpMerchant(browser: Browser, dealId: number, email: string): Promise<Page> {
  const portal = await (await browser.newContext()).newPage();
  await open(portal, await inviteMerchant(portal, dealId, email));
  await portal.getByLabel("New password").fill(MERCHANT_PASSWORD);
  await portal.getByLabel("Confirm Password").fill(MERCHANT_PASSWORD);
  await portal.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(portal).toHaveURL(/\/merchant$/);
  await expect(portal.getByRole("heading", { level: 1 })).toHaveText("Redeem a voucher");
  return portal;
}
