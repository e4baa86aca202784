import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { createBasket } from "../../modules/basket/create-basket";
import type { CheckoutPlacementServices, PlaceOrderRequest } from "../../modules/orders/place-order";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "./buying-fixtures";
import type { insertCatalogBasics } from "./catalog-fixtures";

/** The sandbox's test card that asks for 3-D Secure. */
export const CHALLENGE_CARD = "4000000000003063";

/** A checkout's placement services on `db`: the browser can go to the gateway's page and come back. */
export function checkoutServices(db: Db, clock: Clock): CheckoutPlacementServices {
  return {
    ...placementServices(db, clock),
    actionReturnUrl: (attemptId) => `https://www.wowcher.co.uk/checkout/t/payment-return?attempt=${attemptId}`,
  };
}

/** A shopper with a basket of one unit (of 5 in stock) and a fresh nonce for `card`. */
export async function shopperPayingWith(db: Db, clock: Clock, basics: Awaited<ReturnType<typeof insertCatalogBasics>>, card = CHALLENGE_CARD) {
  const customer = await insertCustomer(db);
  const shopper = { id: customer.id, email: customer.email, vip: false };
  const { product } = await insertSellable(db, basics, {
    product: { totalRemaining: 5, price: 2400 },
  });
  const basket = await createBasket(
    db,
    {
      eligibleForVip: false,
      products: [{ productId: product.id, quantity: 1 }],
    },
    actorAt(clock.now(), shopper),
  );
  const nonce = await tokenizeCard(db, clock, {
    number: card,
    expiry: "12/29",
    securityCode: "123",
    postalCode: "SW1A 1AA",
  });
  if (!nonce.ok) throw new Error("card refused");
  const request: PlaceOrderRequest = {
    basketToken: basket.token,
    idempotencyKey: `three-ds-${basket.id}`,
    customer: shopper,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: nonce.nonce },
  };
  return { request, basket, product, shopper };
}
