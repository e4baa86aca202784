import { redirect } from "react-router";
import { findBasket } from "../../modules/basket/baskets";
import { usableBasketToken } from "../../modules/basket/tokens";
import { getProfile } from "../../modules/accounts/profile";
import { findOrderOfBasket } from "../../modules/orders/find-orders";
import { previousAddresses } from "../../modules/orders/previous-addresses";
import { basketActor, basketCookie } from "../../server/buying/buying-context";
import { CHECKOUT_MESSAGES } from "../../modules/checkout/messages";
import { checkoutView, UNKNOWN_DEVICE } from "../../server/buying/checkout-view";
import { startNewBasket } from "../../server/buying/shop-basket";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { checkoutAction } from "../checkout/checkout-actions.server";
import { returnedPaymentProblem } from "../checkout/payment-return.server";
import { CheckoutPage } from "../components/checkout/CheckoutPage";
import type { Route } from "./+types/checkout";
import { titleMeta } from "../seo";

export function meta({ matches }: Route.MetaArgs) {
  return titleMeta("Checkout", matches);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = usableBasketToken(params.basketToken, (inaccurate) => context.log.warn({ basketToken: inaccurate }, "inaccurate basket token"));
  const basket = token ? await findBasket(context.db, token, basketActor(context, context.buying)) : null;
  if (basket?.orderedAt && context.customer) {
    // Back at the checkout of a basket they already bought (browser back): show that order.
    const order = await findOrderOfBasket(context.db, basket.id);
    if (order && order.customerId === context.customer.id) throw redirect(`/order-confirmation/${order.id}`);
  }
  if (!basket || basket.orderedAt) {
    // Spec §8 (422): this basket can no longer be checked out; start a new, empty one.
    throw redirect(`/checkout/${await startNewBasket(context, context.buying)}?restarted=1`);
  }
  basketCookie.set(context, basket.token);
  const [checkout, profile, addresses] = await Promise.all([
    checkoutView(context, context.buying, basket, { status: "READY", device: UNKNOWN_DEVICE }),
    context.customer ? getProfile(context.db, context.customer.id) : null,
    context.customer ? previousAddresses(context.db, context.customer.id) : [],
  ]);
  return {
    checkout,
    csrfToken: context.session.csrfToken(),
    customer: profile && { email: profile.email, firstName: profile.firstName, lastName: profile.lastName, address: profile.address },
    previousAddresses: addresses,
    irish: context.brand.countryCode === "IE",
    restartedMessage: new URL(request.url).searchParams.get("restarted") === "1" ? CHECKOUT_MESSAGES.BASKET_INVALID : null,
    returnedProblem: returnedPaymentProblem(request),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return checkoutAction(context, request, params.basketToken);
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} />;
}
