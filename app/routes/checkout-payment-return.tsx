import { returnFromPaymentAction } from "../checkout/payment-return.server";
import type { Route } from "./+types/checkout-payment-return";

/** Where the bank's page (3-D Secure) sends the shopper back: no page of its own, only a redirect. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return returnFromPaymentAction(context, request, params.basketToken);
}
