import type { Db } from "../../db/client";
import { merchants } from "../../modules/catalog/schema";
import { vouchers } from "../../modules/vouchers/schema";
import { newVoucherCode } from "../../modules/vouchers/voucher-codes";
import { insertCustomer } from "./buying-fixtures";

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
