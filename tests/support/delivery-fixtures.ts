import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { createBasket } from "../../modules/basket/create-basket";
import { merchants } from "../../modules/catalog/schema";
import { placeOrder } from "../../modules/orders/place-order";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { vouchers } from "../../modules/vouchers/schema";
import { actorAt, insertSellable, placementServices, TEST_DETAILS } from "./buying-fixtures";
import type { insertCatalogBasics } from "./catalog-fixtures";

type Basics = Awaited<ReturnType<typeof insertCatalogBasics>>;

let orderKey = 0;

/** A merchant of its own (for "another merchant's parcel" checks). */
export async function insertMerchant(db: Db, name = "Gadget Warehouse") {
  const [merchant] = await db.insert(merchants).values({ businessName: `${name} Ltd`, displayName: name }).returning();
  return merchant;
}

/**
 * The customer buys `quantity` of a new deal through the real order placement (card, sandbox
 * gateway); goods the deal posts unless `delivery` is "none". Answers the order and its vouchers.
 */
export async function buyDeal(
  db: Db,
  clock: Clock,
  basics: Basics,
  customer: CustomerSummary,
  options: { delivery?: "standard" | "none"; showTracking?: boolean; merchantId?: number; quantity?: number } = {},
) {
  const { deal, product } = await insertSellable(db, basics, {
    deal: {
      dealType: "national",
      locationId: null,
      deliveryType: options.delivery ?? "standard",
      minPostagePrice: 0,
      showTracking: options.showTracking ?? true,
      merchantId: options.merchantId ?? basics.merchant.id,
    },
    product: { totalRemaining: 50, price: 2500 },
  });
  const now = clock.now();
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: options.quantity ?? 1 }] }, actorAt(now, { id: customer.id, vip: false }));
  const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  orderKey += 1;
  const placed = await placeOrder(placementServices(db, clock), {
    basketToken: basket.token,
    idempotencyKey: `delivery-${orderKey}-${now.getTime()}`,
    customer: { id: customer.id, email: customer.email, vip: false },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!placed.ok) throw placed.error;
  const issued = await db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id)).orderBy(vouchers.id);
  return { deal, order: placed.order, vouchers: issued };
}
