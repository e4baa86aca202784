import { data, redirect, type AppLoadContext } from "react-router";
import { findBasket } from "../../modules/basket/baskets";
import { BasketError } from "../../modules/basket/errors";
import { refreshHolds } from "../../modules/basket/refresh-holds";
import { removeLine } from "../../modules/basket/remove-line";
import { updateLine } from "../../modules/basket/update-line";
// Not a React hook, despite the name: it records the wallet choice on the basket.
import { applyPromoCode, useWalletCredit as chooseWalletCredit } from "../../modules/checkout/checkout-choices";
import { basketActor } from "../../server/api/buying-context";
import { CHECKOUT_MESSAGES } from "../../modules/checkout/messages";
import { logInFromForm, registerFromForm } from "../accounts/sign-in-forms.server";
import { formText } from "../accounts/page.server";

/** What a checkout form's action answers, besides the sign-in forms' own results. */
export interface CheckoutActionResult {
  intent: string;
  error?: string;
  promoCode?: { code: string; applicable: boolean; message: string } | null;
  refreshed?: { allHeld: boolean };
}

const lineId = (form: FormData) => {
  const text = formText(form, "lineId");
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The checkout page's changes, one intent per form: quantity, remove, promo code, wallet credit,
 * refreshing the reservation, and signing in or registering inline. Each works as a plain form
 * post; with JavaScript they are fetchers and the page reloads its data afterwards.
 */
export async function checkoutAction(context: AppLoadContext, request: Request, token: string) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "login" || intent === "register") {
    const outcome = intent === "login" ? await logInFromForm(context, form) : await registerFromForm(context, request, form);
    if (!outcome.ok) return outcome.response;
    // Load the page again as the customer: this request still carries the guest's cookies, and
    // the basket now belongs to the account.
    return redirect(`/checkout/${encodeURIComponent(token)}`);
  }

  const actor = basketActor(context, context.buying);
  const answer = (result: Omit<CheckoutActionResult, "intent">, status = 200) => data<CheckoutActionResult>({ intent, ...result }, { status });
  try {
    switch (intent) {
      case "quantity": {
        const quantity = Number(formText(form, "quantity"));
        await updateLine(context.db, token, lineId(form) ?? -1, { quantity }, actor);
        return answer({});
      }
      case "remove":
        await removeLine(context.db, token, lineId(form), actor);
        return answer({});
      case "refresh":
        return answer({ refreshed: await refreshHolds(context.db, token, actor) });
      case "promo":
      case "wallet": {
        // Spec §6: promo codes (and wallet credit) need a signed-in customer.
        if (!context.customer) return answer({ error: CHECKOUT_MESSAGES.SIGN_IN_REQUIRED }, 401);
        const basket = await findBasket(context.db, token, actor);
        if (!basket || basket.orderedAt) throw new BasketError("BASKET_NOT_FOUND");
        if (intent === "wallet") {
          await chooseWalletCredit(context.db, basket, actor, formText(form, "applyCredit") === "true");
          return answer({});
        }
        const promo = await applyPromoCode(context.db, basket, actor, formText(form, "promoCode"));
        return answer({ promoCode: promo && { code: promo.code, applicable: promo.applicable, message: promo.message } });
      }
      default:
        return answer({ error: "Unsupported action" }, 400);
    }
  } catch (error) {
    if (!(error instanceof BasketError)) throw error;
    return answer({ error: error.message }, error.code === "BASKET_NOT_FOUND" ? 404 : 409);
  }
}
