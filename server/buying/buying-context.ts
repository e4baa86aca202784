import type { Config } from "../../lib/config";
import { type Basket, type BasketActor, findBasket } from "../../modules/basket/baskets";
import { linkCustomer } from "../../modules/basket/create-basket";
import { usableBasketToken } from "../../modules/basket/tokens";
import type { PaymentProvider } from "../../modules/payments/provider";
import type { RequestServices } from "../context";

/** Spec §9: the basket token cookie lives 7 days. */
export const BASKET_COOKIE = "basketToken";
export const BASKET_COOKIE_SECONDS = 7 * 86_400;

/** What the buying routes and pages need from the configuration. */
export interface BuyingSettings {
  holdMs: number;
  /** How long after purchase a voucher becomes available. */
  voucherReadyMs: number;
  enabledMethods: { klarna: boolean; clearpay: boolean };
}

export function buyingSettings(config: Config): BuyingSettings {
  return {
    holdMs: config.BASKET_RESERVATION_MINUTES * 60_000,
    voucherReadyMs: config.voucherReadyMinutes * 60_000,
    enabledMethods: { klarna: config.PAYMENTS_KLARNA === "on", clearpay: config.PAYMENTS_CLEARPAY === "on" },
  };
}

type Services = Pick<RequestServices, "brand" | "clock" | "customer">;

export function basketActor(services: Services, settings: BuyingSettings): BasketActor {
  const customer = services.customer;
  return {
    brand: services.brand,
    customer: customer ? { id: customer.id, vip: customer.vipUser } : null,
    now: services.clock.now(),
    holdMs: settings.holdMs,
  };
}

/** The customer token of the basket's owner, shown to that customer only. */
export function customerTokenOf(services: Pick<RequestServices, "customer">, basket: Basket): string | null {
  return services.customer && basket.customerId === services.customer.id ? services.customer.customerToken : null;
}

/** The configured payment gateway (server/adapters.ts) on this request's database and clock. */
export function paymentProvider(services: Pick<RequestServices, "db" | "clock" | "adapters">): PaymentProvider {
  return services.adapters.paymentProvider(services.db, services.clock);
}

export const basketCookie = {
  get: (services: Pick<RequestServices, "cookies">) => services.cookies.get(BASKET_COOKIE) ?? null,
  set: (services: Pick<RequestServices, "cookies">, token: string) => services.cookies.set(BASKET_COOKIE, token, { maxAgeSeconds: BASKET_COOKIE_SECONDS }),
  clear: (services: Pick<RequestServices, "cookies">) => services.cookies.delete(BASKET_COOKIE),
};

/**
 * On signing in, the basket the visitor filled as a guest (in the basket cookie) becomes the
 * customer's, so the checkout they return to, and GET basket?customerToken, find it.
 */
export async function claimGuestBasket(services: Pick<RequestServices, "db" | "brand" | "clock" | "cookies">, customer: { id: number; vipUser: boolean }): Promise<void> {
  const token = usableBasketToken(basketCookie.get(services));
  if (!token) return;
  const actor: BasketActor = { brand: services.brand, customer: { id: customer.id, vip: customer.vipUser }, now: services.clock.now(), holdMs: 0 };
  const basket = await findBasket(services.db, token, actor);
  if (basket && basket.customerId === null && !basket.orderedAt) await linkCustomer(services.db, token, {}, actor);
}
