import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { addAddon } from "../../modules/basket/add-addon";
import { createBasket } from "../../modules/basket/create-basket";
import { baskets } from "../../modules/basket/schema";
import { placeOrder } from "../../modules/orders/place-order";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { vouchers } from "../../modules/vouchers/schema";
import { addWalletCredit } from "../../modules/wallet/wallet";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "./buying-fixtures";
import type { insertCatalogBasics } from "./catalog-fixtures";
import { type IssuedVoucher, issueVouchers } from "../../modules/vouchers/issue-vouchers";

let nextKey = 0;

/**
 * A new customer buys `quantity` £19.00 vouchers of a fresh deal (10 in stock) with a Visa ending
 * 1111, optionally with Deal Protection and with wallet credit paying part: what the after-sale
 * tests refund, exchange and extend.
 */
export async function buyVouchers(
  db: Db,
  basics: Awaited<ReturnType<typeof insertCatalogBasics>>,
  clock: Clock,
  options: { quantity?: number; protection?: boolean; walletCredit?: number } = {},
) {
  const customer = await insertCustomer(db);
  const shopper = { id: customer.id, email: customer.email, vip: false };
  const { deal, product } = await insertSellable(db, basics, { product: { totalRemaining: 10, price: 1900 } });
  const actor = actorAt(clock.now(), shopper);
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: options.quantity ?? 1 }] }, actor);
  if (options.protection) await addAddon(db, basket.token, { addonType: "DVP" }, actor);
  if (options.walletCredit) {
    await addWalletCredit(db, { customerId: customer.id, currency: "GBP", balanceType: "refundable", amount: options.walletCredit, reason: "credit", description: "Goodwill", at: clock.now() });
    await db.update(baskets).set({ useWallet: true }).where(eq(baskets.id, basket.id));
  }
  const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  const result = await placeOrder(placementServices(db, clock), {
    basketToken: basket.token,
    idempotencyKey: `after-sale-${nextKey}-${customer.id}`,
    customer: shopper,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!result.ok) throw result.error;
  const issued = await db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id)).orderBy(vouchers.id);
  return { customer, order: result.order, deal, product, vouchers: issued };
}

let orderCounter = 0;

/** Vouchers as an order would issue them (with their first history row), without placing an order. */
export async function issueTestVouchers(
  db: Db,
  voucher: { customerId: number; merchantId: number; quantity?: number; at: Date; availableAt?: Date; protected?: boolean; physical?: boolean; dealId?: number },
): Promise<IssuedVoucher[]> {
  orderCounter += 1;
  return issueVouchers(db, {
    orderId: 70_000_000 + orderCounter,
    customerId: voucher.customerId,
    currency: "GBP",
    timeZone: "Europe/London",
    lines: [
      {
        orderLineId: orderCounter,
        dealId: voucher.dealId ?? 30_000_001,
        productId: 5_000_001,
        merchantId: voucher.merchantId,
        physical: voucher.physical ?? false,
        quantity: voucher.quantity ?? 1,
        dealTitle: `Spa day ${orderCounter}`,
        productName: "Spa day for one",
        merchantName: "Serenity Spa",
        paid: Array.from({ length: voucher.quantity ?? 1 }, () => ({ card: 1900, refundableCredit: 0, marketingCredit: 0 })),
      },
    ],
    at: voucher.at,
    availableAt: voucher.availableAt ?? voucher.at,
    protected: voucher.protected ?? false,
    actor: { type: "customer", id: String(voucher.customerId) },
  });
}