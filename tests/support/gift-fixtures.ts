import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { createBasket } from "../../modules/basket/create-basket";
import { basketLines } from "../../modules/basket/schema";
import { updateLine } from "../../modules/basket/update-line";
import { products } from "../../modules/catalog/schema";
import { placeOrder } from "../../modules/orders/place-order";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { vouchers } from "../../modules/vouchers/schema";
import { actorAt, insertSellable, placementServices, TEST_DETAILS } from "./buying-fixtures";
import type { insertCatalogBasics } from "./catalog-fixtures";

let nextKey = 0;

/**
 * The buyer buys `quantity` vouchers of a new deal with three options (the bought "Spa day for
 * one" at £19.00, "Express spa" at £15.00 and "Spa day for two" at £29.00, 10 of each), the line
 * sent as an E-gift to Grace with a message. Answers the order, the options and the vouchers.
 */
export async function buyEGift(db: Db, clock: Clock, basics: Awaited<ReturnType<typeof insertCatalogBasics>>, buyer: CustomerSummary, options: { quantity?: number; recipientEmail?: string } = {}) {
  const { deal, product } = await insertSellable(db, basics, { product: { totalRemaining: 10, price: 1900 } });
  const [cheaper, dearer] = await db
    .insert(products)
    .values([
      { dealId: deal.id, friendlyName: "Express spa", price: 1500, originalPrice: 3000, totalRemaining: 10, sortOrder: 1 },
      { dealId: deal.id, friendlyName: "Spa day for two", price: 2900, originalPrice: 6000, totalRemaining: 10, sortOrder: 2 },
    ])
    .returning();
  const shopper = { id: buyer.id, email: buyer.email, vip: false };
  const actor = actorAt(clock.now(), shopper);
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: options.quantity ?? 1 }] }, actor);
  const [line] = await db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
  await updateLine(
    db,
    basket.token,
    line.id,
    { gifting: { gift: true, type: "E_GIFT", giftProductId: null, giftPackProductId: null, recipientName: "Grace", recipientEmail: options.recipientEmail ?? "grace@example.com", message: "Happy birthday!" } },
    actor,
  );
  const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  const result = await placeOrder(placementServices(db, clock), {
    basketToken: basket.token,
    idempotencyKey: `egift-${nextKey}-${buyer.id}`,
    customer: shopper,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!result.ok) throw result.error;
  const issued = await db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id)).orderBy(vouchers.id);
  return { order: result.order, deal, product, cheaper, dearer, vouchers: issued };
}
