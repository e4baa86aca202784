import { addProduct } from "../../modules/basket/add-product";
import { type Basket, findBasket, findCustomerBasket } from "../../modules/basket/baskets";
import { createBasket, linkCustomer } from "../../modules/basket/create-basket";
import { usableBasketToken } from "../../modules/basket/tokens";
import { basketActor, basketCookie, type BuyingSettings } from "./buying-context";
import type { RequestServices } from "../context";
import type { BuyNowTravel } from "./buy-now-form";

type Services = Pick<RequestServices, "db" | "brand" | "clock" | "customer" | "cookies" | "log">;

/**
 * The open basket this visitor is filling: the one in the basket cookie, else the signed-in
 * customer's latest. A basket that became an order, or belongs to someone else, does not count.
 */
export async function currentBasket(services: Services, settings: BuyingSettings): Promise<Basket | null> {
  const actor = basketActor(services, settings);
  const token = usableBasketToken(basketCookie.get(services), (inaccurate) => services.log.warn({ basketToken: inaccurate }, "inaccurate basket token"));
  const fromCookie = token ? await findBasket(services.db, token, actor) : null;
  if (fromCookie && !fromCookie.orderedAt) return fromCookie;
  return services.customer ? findCustomerBasket(services.db, services.customer.id, actor) : null;
}

/**
 * "Buy now" on a deal page: the product joins the visitor's open basket (or a new one), its stock
 * is held, and the basket cookie (spec §9, 7 days) remembers the basket. Returns the basket token
 * for /checkout/{basketToken}. Cap and availability problems are thrown as BasketError.
 */
export async function buyNow(
  services: Services,
  settings: BuyingSettings,
  input: { dealId: number; productId: number; quantity: number; travel?: BuyNowTravel },
): Promise<string> {
  const actor = basketActor(services, settings);
  const line = { dealId: input.dealId, productId: input.productId, quantity: input.quantity, sessionPurchaseSource: "deal-page", ...input.travel };
  const basket = await currentBasket(services, settings);
  if (!basket) {
    const created = await createBasket(services.db, { eligibleForVip: false, products: [line] }, actor);
    basketCookie.set(services, created.token);
    return created.token;
  }
  await addProduct(services.db, basket.token, line, actor);
  // A guest's basket becomes the customer's once they are signed in.
  if (services.customer && basket.customerId === null) await linkCustomer(services.db, basket.token, {}, actor);
  basketCookie.set(services, basket.token);
  return basket.token;
}

/**
 * Spec §8: a basket that can no longer be checked out (422): the cookie is dropped, a new empty
 * basket is created and remembered, and the shopper continues at its checkout.
 */
export async function startNewBasket(services: Services, settings: BuyingSettings): Promise<string> {
  basketCookie.clear(services);
  const created = await createBasket(services.db, { eligibleForVip: false, products: [] }, basketActor(services, settings));
  basketCookie.set(services, created.token);
  return created.token;
}
