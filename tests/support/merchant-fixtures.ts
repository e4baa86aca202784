import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { merchants } from "../../modules/catalog/schema";
import { vouchers } from "../../modules/vouchers/schema";
import { newVoucherCode } from "../../modules/vouchers/voucher-codes";
import { insertCustomer } from "./buying-fixtures";
import type { PageApp } from "./page-app";
import { TestBrowser } from "./test-browser";

let orderCounter = 5_000_000;

/** Another merchant of the catalogue (the basics have one). */
export async function insertMerchant(db: Db, name = "Harbour Hotel", commissionBps = 2000) {
  const [merchant] = await db.insert(merchants).values({ businessName: `${name} Ltd`, displayName: name, commissionBps }).returning();
  return merchant;
}

/** A voucher of a deal as an order would have issued it (bought at `at`, available at once, 6 months to run), with overrides. */
export async function insertVoucher(
  db: Db,
  deal: { id: number; merchantId: number; headline: string },
  overrides: Partial<typeof vouchers.$inferInsert> = {},
) {
  orderCounter += 1;
  const customer = await insertCustomer(db);
  const at = overrides.createdAt ?? new Date("2026-03-01T10:00:00Z");
  const [voucher] = await db
    .insert(vouchers)
    .values({
      code: newVoucherCode(),
      orderId: orderCounter,
      orderLineId: orderCounter,
      customerId: customer.id,
      dealId: deal.id,
      productId: 1,
      dealTitle: deal.headline,
      productName: "Spa day for one",
      merchantName: "Serenity Spa",
      merchantId: deal.merchantId,
      currency: "GBP",
      availableAt: at,
      expiresAt: new Date(at.getTime() + 183 * 86_400_000),
      paidCard: 1900,
      createdAt: at,
      ...overrides,
    })
    .returning();
  return voucher;
}

/** A merchant portal user of the merchant, invited, with a password set and signed in from `ip`. */
export async function signedInMerchantUser(app: PageApp, db: Db, clock: Clock, user: { merchantId: number; email: string; ip: string }): Promise<TestBrowser> {
  const password = "front desk bell";
  const invitation = await inviteMerchantUser(db, clock, { merchantId: user.merchantId, email: user.email, name: "Till", brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
  await acceptInvitation(db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password });
  const browser = new TestBrowser(app, { ip: user.ip });
  const signIn = await browser.request("/merchant/login", { method: "POST", form: { _csrf: await browser.csrfToken(), email: user.email, password } });
  if (signIn.status !== 302) throw new Error(`merchant sign-in answered ${signIn.status}`);
  browser.refreshCsrf();
  return browser;
}
