import { data, redirect, type AppLoadContext } from "react-router";
import { addAddon, removeAddon } from "../../modules/basket/add-addon";
import { findBasket } from "../../modules/basket/baskets";
import { BasketError } from "../../modules/basket/errors";
import { refreshHolds } from "../../modules/basket/refresh-holds";
import { removeLine } from "../../modules/basket/remove-line";
import { ADDON_TYPES, type LineGifting } from "../../modules/basket/schema";
import { updateLine } from "../../modules/basket/update-line";
import { savePassengers } from "../../modules/basket/save-passengers";
import type { PassengerErrors, PassengerInput } from "../../modules/travel/passengers";
import { PASSENGER_COUNTS } from "../../modules/travel/stay-rules";
import type { GiftToast } from "../../modules/basket/gifting";
// Not a React hook, despite the name: it records the wallet choice on the basket.
import { useWalletCredit as chooseWalletCredit } from "../../modules/checkout/checkout-choices";
import { basketActor } from "../../server/buying/buying-context";
import { tryPromoCode } from "../../server/buying/promo-attempts";
import { GUESS_LIMITS } from "../../server/security/rate-limits";
import { CHECKOUT_MESSAGES } from "../../modules/checkout/messages";
import { logInFromForm, registerFromForm } from "../accounts/sign-in-forms.server";
import { formText } from "../accounts/page.server";
import { shownError } from "../../server/errors";

/** What a checkout form's action answers, besides the sign-in forms' own results. */
export interface CheckoutActionResult {
  intent: string;
  error?: string;
  promoCode?: { code: string; applicable: boolean; message: string } | null;
  refreshed?: { allHeld: boolean };
  /** The gift choice saved on a line (intent "gift"), and the toast it calls for (spec §4). */
  gifted?: { lineId: number; type: LineGifting["type"]; toast: GiftToast | null };
  /** The passenger step of a booked stay (intent "passengers"): saved, or each passenger's problems. */
  passengers?: { lineId: number; saved: boolean; errors?: PassengerErrors[] };
}

/** The passengers typed on the checkout's passenger step (fields passenger-{index}-{field}). */
function passengerInputs(form: FormData): PassengerInput[] {
  return Array.from({ length: MAX_PASSENGERS }, (_, index) => {
    const field = (name: string) => formText(form, `passenger-${index}-${name}`);
    return {
      title: field("title"),
      firstNames: field("firstNames"),
      lastName: field("lastName"),
      dobDay: field("dobDay"),
      dobMonth: field("dobMonth"),
      dobYear: field("dobYear"),
      contactPhone: field("contactPhone"),
    };
  });
}

const MAX_PASSENGERS = Math.max(...PASSENGER_COUNTS);

/** The gift choices the checkout page offers: all of spec §3's gift types. */
const PAGE_GIFT_TYPES = ["NONE", "GIFT", "E_GIFT", "WRAPPED", "NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"] as const satisfies readonly LineGifting["type"][];

function giftChoice(form: FormData): LineGifting {
  const type = PAGE_GIFT_TYPES.find((known) => known === formText(form, "giftType")) ?? "NONE";
  return {
    gift: type !== "NONE",
    type,
    giftProductId: null,
    giftPackProductId: null,
    recipientName: formText(form, "recipientName"),
    recipientEmail: formText(form, "recipientEmail"),
    message: formText(form, "giftMessage"),
  };
}

const lineId = (form: FormData) => {
  const text = formText(form, "lineId");
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The checkout page's changes, one intent per form: quantity, delivery option, remove, gift choice, add-ons (VIP
 * year, deal protection), promo code, wallet credit, refreshing the reservation, and signing in or
 * registering inline. Each works as a plain form
 * post; with JavaScript they are fetchers and the page reloads its data afterwards.
 */
export async function checkoutAction(context: AppLoadContext, request: Request, token: string) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "login" || intent === "register") {
    const outcome = intent === "login" ? await logInFromForm(context, form) : await registerFromForm(context, form);
    if (!outcome.ok) return outcome.response;
    // Load the page again as the customer: this request still carries the guest's cookies, and
    // the basket now belongs to the account.
    return redirect(`/checkout/${encodeURIComponent(token)}`);
  }

  const actor = basketActor(context, context.buying);
  const answer = (result: Omit<CheckoutActionResult, "intent">, status = 200, headers?: HeadersInit) =>
    data<CheckoutActionResult>({ intent, ...result }, { status, headers });
  try {
    switch (intent) {
      case "quantity": {
        const quantity = Number(formText(form, "quantity"));
        await updateLine(context.db, token, lineId(form) ?? -1, { quantity }, actor);
        return answer({});
      }
      case "delivery":
        await updateLine(context.db, token, lineId(form) ?? -1, { deliveryOptionType: formText(form, "deliveryOptionType") || null }, actor);
        return answer({});
      case "remove":
        await removeLine(context.db, token, lineId(form), actor);
        return answer({});
      case "gift": {
        const id = lineId(form) ?? -1;
        const choice = giftChoice(form);
        const { toast } = await updateLine(context.db, token, id, { gifting: choice }, actor);
        return answer({ gifted: { lineId: id, type: choice.type, toast } });
      }
      case "addon": {
        const addonType = ADDON_TYPES.find((known) => known === formText(form, "addonType"));
        if (!addonType) return answer({ error: "Unsupported action" }, 400);
        if (formText(form, "change") === "remove") await removeAddon(context.db, token, addonType, actor);
        else await addAddon(context.db, token, { addonType }, actor);
        return answer({});
      }
      case "refresh":
        return answer({ refreshed: await refreshHolds(context.db, token, actor) });
      case "passengers": {
        const id = lineId(form) ?? -1;
        const saved = await savePassengers(context.db, token, id, passengerInputs(form), actor);
        if (!saved.ok) return answer({ error: saved.message, passengers: { lineId: id, saved: false, errors: saved.errors } }, 400);
        return answer({ passengers: { lineId: id, saved: true } });
      }
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
        const attempt = await tryPromoCode(context, basket, actor, formText(form, "promoCode"));
        if (attempt.limited) return answer({ error: GUESS_LIMITS.promoCode.message }, 429, { "Retry-After": String(attempt.retryAfterSeconds) });
        const promo = attempt.promo;
        return answer({ promoCode: promo && { code: promo.code, applicable: promo.applicable, message: promo.message } });
      }
      default:
        return answer({ error: "Unsupported action" }, 400);
    }
  } catch (error) {
    const shown = shownError(error);
    return answer({ error: shown.message }, shown.status);
  }
}
