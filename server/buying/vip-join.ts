import { addAddon } from "../../modules/basket/add-addon";
import { createBasket, linkCustomer } from "../../modules/basket/create-basket";
import type { RequestServices } from "../context";
import { basketActor, basketCookie, type BuyingSettings } from "./buying-context";
import { currentBasket } from "./shop-basket";

type Services = Pick<RequestServices, "db" | "brand" | "clock" | "customer" | "cookies" | "log">;

/**
 * "Join VIP" from the VIP hub, after the shopper pressed the button that names the price and the
 * renewal terms: the VIP year (the VVE add-on) joins the visitor's open basket, or a new one
 * remembered in the basket cookie, and they pay for it at checkout. Returns the basket token.
 */
export async function putVipInBasket(services: Services, settings: BuyingSettings): Promise<string> {
  const actor = basketActor(services, settings);
  const basket = (await currentBasket(services, settings)) ?? (await createBasket(services.db, { eligibleForVip: true, products: [] }, actor));
  await addAddon(services.db, basket.token, { addonType: "VVE" }, actor);
  if (services.customer && basket.customerId === null) await linkCustomer(services.db, basket.token, {}, actor);
  basketCookie.set(services, basket.token);
  return basket.token;
}
