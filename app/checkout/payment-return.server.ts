import { redirect, type AppLoadContext } from "react-router";
import { usableBasketToken } from "../../modules/basket/tokens";
import { completePlacement } from "../../modules/orders/complete-placement";
import { ORDER_ERRORS } from "../../modules/orders/errors";
import { PAYMENT_DECLINES, PAYMENT_FAILED_TITLE } from "../../modules/payments/errors";
import { basketCookie } from "../../server/buying/buying-context";
import { checkoutPlacementServices } from "../../server/buying/placement-services";
import { recordFailedGuess } from "../../server/security/rate-limits";
import type { PaymentProblem } from "../components/checkout/PaymentSection";

/** The query parameter that carries, back to the checkout, why the order was not placed. */
const PROBLEM_PARAM = "payment";

/**
 * The shopper is back from the bank's page (3-D Secure): the order is finished once (a refresh or
 * a second tab lands on the same order), a decline goes back to the checkout with its message and
 * the basket as it was, and a challenge not yet answered goes back to the bank's page.
 */
export async function returnFromPaymentAction(context: AppLoadContext, request: Request, basketTokenParam: string | undefined): Promise<Response> {
  const token = usableBasketToken(basketTokenParam);
  const attemptText = new URL(request.url).searchParams.get("attempt") ?? "";
  if (!token) return redirect("/checkout");
  const checkout = `/checkout/${encodeURIComponent(token)}`;
  // Signed out meanwhile (or never the shopper): the checkout asks them to sign in; the sweeper voids what waits.
  if (!context.customer || !/^\d{1,9}$/.test(attemptText)) return redirect(checkout);
  const customer = context.customer;
  const result = await completePlacement(checkoutPlacementServices(context, context.buying, token), {
    basketToken: token,
    attemptId: Number(attemptText),
    customer: { id: customer.id, vip: customer.vipUser },
  });
  if (result.ok === "requires_action") return redirect(result.url);
  if (result.ok) {
    basketCookie.clear(context);
    return redirect(`/order-confirmation/${result.order.id}`);
  }
  if (result.error.status === 402 && result.error.code.startsWith("PAYMENT_")) {
    // A declined challenge counts against card testing as any other decline does.
    await recordFailedGuess(context, "paymentDecline", {
      customerId: customer.id,
      basketToken: token,
    });
  }
  return redirect(`${checkout}?${PROBLEM_PARAM}=${encodeURIComponent(result.error.code)}`);
}

/** The checkout's message for a problem code brought back from the bank's page; null for anything unknown. */
export function returnedPaymentProblem(request: Request): PaymentProblem {
  const code = new URL(request.url).searchParams.get(PROBLEM_PARAM);
  if (!code) return null;
  const decline = code.startsWith("PAYMENT_") ? code.slice("PAYMENT_".length) : null;
  if (decline && Object.hasOwn(PAYMENT_DECLINES, decline)) {
    return {
      title: PAYMENT_FAILED_TITLE,
      message: PAYMENT_DECLINES[decline as keyof typeof PAYMENT_DECLINES].message,
    };
  }
  if (Object.hasOwn(ORDER_ERRORS, code))
    return {
      title: null,
      message: ORDER_ERRORS[code as keyof typeof ORDER_ERRORS].message,
    };
  return null;
}
