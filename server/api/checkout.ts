import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findBasket } from "../../modules/basket/baskets";
import { BasketError } from "../../modules/basket/errors";
import { refreshHolds } from "../../modules/basket/refresh-holds";
import { usableBasketToken } from "../../modules/basket/tokens";
import { useWalletCredit } from "../../modules/checkout/checkout-choices";
import { CHECKOUT_MESSAGES } from "../../modules/checkout/messages";
import { placeCheckoutOrder } from "../../modules/orders/place-order";
import type { PaymentChoice } from "../../modules/orders/place-order";
import { checkoutView, type PaymentDevice } from "../buying/checkout-view";
import { tryPromoCode } from "../buying/promo-attempts";
import type { AppEnv } from "../context";
import { apiError, errorResponse } from "../errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../security/rate-limits";
import { rateLimitedResponse, tooManyRequests } from "./account-helpers";
import { visitorIdOf } from "./app-shell";
import { errors, json } from "./account-schemas";
import { basketActor, basketCookie, type BuyingSettings } from "../buying/buying-context";
import { checkoutPlacementServices } from "../buying/placement-services";
import { CheckoutDataSchema, CheckoutQuerySchema, OrderResponseSchema, PlaceOrderSchema, RequiresActionSchema } from "./checkout-schemas";

export const NO_TOKEN_MESSAGE = CHECKOUT_MESSAGES.NO_TOKEN;
export const BASKET_INVALID_MESSAGE = CHECKOUT_MESSAGES.BASKET_INVALID;
export const SIGN_IN_REQUIRED_MESSAGE = CHECKOUT_MESSAGES.SIGN_IN_REQUIRED;

const Token = z.string().max(200).openapi({ param: { name: "token", in: "path" } });

const getCheckoutRoute = createRoute({
  method: "get",
  path: "/checkout/{token}",
  summary:
    "Checkout data for a basket (spec §3 checkoutData). Never changes the basket: promoCode and wallet preview this answer only " +
    "(POST /v1/promocode and /v1/user/wallet/apply-credit keep them); after the countdown, POST /v1/checkout/{token}/refresh",
  request: { params: z.object({ token: Token }), query: CheckoutQuerySchema },
  responses: {
    200: { description: "Checkout data", ...json(CheckoutDataSchema) },
    default: errors("400 'No token provided'; 422 the basket can no longer be checked out; 429 too many promo codes tried (Retry-After)"),
  },
});
const refreshRoute = createRoute({
  method: "post",
  path: "/checkout/{token}/refresh",
  summary: "The countdown ran out: hold the items again where their stock is still free (spec timerElapsed)",
  request: { params: z.object({ token: Token }) },
  responses: {
    200: { description: "Checkout data with status REFRESHED", ...json(CheckoutDataSchema) },
    default: errors("400 'No token provided'; 404 unknown basket; 422 the basket can no longer be checked out"),
  },
});
const noTokenRoute = createRoute({
  method: "get",
  path: "/checkout",
  summary: "Without a token: 'No token provided'",
  responses: { default: errors("400 'No token provided'") },
});
const promoRoute = createRoute({
  method: "post",
  path: "/promocode",
  summary: "Apply a promo code to a basket (login required); an empty code removes it",
  request: { body: json(z.object({ basketToken: z.string().max(200), promoCode: z.string().max(40) })) },
  responses: {
    200: { description: "Whether it applies, and why not", ...json(z.object({ promoCode: CheckoutDataSchema.shape.promoCode })) },
    default: errors("404 unknown basket; 429 too many promo codes tried (Retry-After)"),
  },
});
const walletRoute = createRoute({
  method: "post",
  path: "/user/wallet/apply-credit",
  summary: "Pay (or stop paying) with wallet credit at checkout",
  request: { body: json(z.object({ basketToken: z.string().max(200), applyCredit: z.boolean() })) },
  responses: { 200: { description: "Applied", ...json(z.object({ applied: z.boolean() })) }, default: errors("401 not signed in; 404 unknown basket") },
});
const placeOrderRoute = createRoute({
  method: "post",
  path: "/checkout/{token}/order",
  summary: "Place the order. Send an Idempotency-Key header: a repeat returns the first result and charges once",
  request: {
    params: z.object({ token: Token }),
    headers: z.object({ "idempotency-key": z.string().min(8).max(100) }),
    body: json(PlaceOrderSchema),
  },
  responses: {
    201: { description: "The order (spec productOrder)", ...json(OrderResponseSchema) },
    202: {
      description:
        "The card's bank wants the shopper to confirm (3-D Secure): send the browser to requiresAction.url; it comes back to " +
        "/checkout/{token}/payment-return, which finishes the order once. A repeat with the same key answers the same",
      ...json(RequiresActionSchema),
    },
    default: errors("401 not signed in; 402 payment declined; 409 stock or caps; 400 bad input; 429 too many declined payments (Retry-After)"),
  },
});

/** Spec headers: the browser lists the alternative payment methods its device supports. */
function deviceOf(c: Context<AppEnv>): PaymentDevice {
  const header = c.req.header("alternative-payment-methods");
  const methods = (header ?? "").toUpperCase().split(",").map((method) => method.trim());
  return { applePay: methods.includes("APPLE_PAY"), specialBrowser: header !== undefined && !methods.includes("GOOGLE_PAY") };
}

export function registerCheckoutRoutes(api: OpenAPIHono<AppEnv>, settings: BuyingSettings): void {
  const actorOf = (c: Context<AppEnv>) => basketActor(c.var, settings);
  const invalid = (c: Context<AppEnv>) => {
    basketCookie.clear(c.var);
    return apiError(c, 422, "BASKET_INVALID", BASKET_INVALID_MESSAGE);
  };

  api.openapi(noTokenRoute, (c) => apiError(c, 400, "NO_TOKEN", NO_TOKEN_MESSAGE));

  api.openapi(getCheckoutRoute, async (c) => {
    const query = c.req.valid("query");
    const token = usableBasketToken(c.req.valid("param").token, (inaccurate) => c.get("log").warn({ basketToken: inaccurate }, "inaccurate basket token"));
    if (!token) return apiError(c, 400, "NO_TOKEN", NO_TOKEN_MESSAGE);
    const actor = actorOf(c);
    const basket = await findBasket(c.get("db"), token, actor);
    if (!basket || basket.orderedAt) return invalid(c);
    // GETs never change the basket: promoCode and wallet are previews of this answer only (POST
    // /v1/promocode and /v1/user/wallet/apply-credit keep them); a promo preview is still a guess.
    if (query.promoCode !== undefined) {
      const attempt = await tryPromoCode(c.var, basket, actor, query.promoCode, { preview: true });
      if (attempt.limited) return tooManyRequests(c, attempt.retryAfterSeconds, GUESS_LIMITS.promoCode.message);
    }
    const useWallet = query.wallet !== undefined && c.get("customer") ? query.wallet === "true" : undefined;
    const data = await checkoutView(c.var, settings, basket, { status: "READY", promoCode: query.promoCode, useWallet, device: deviceOf(c) });
    c.header("cache-control", "private, no-store");
    return c.json(data, 200);
  });

  api.openapi(refreshRoute, async (c) => {
    const token = usableBasketToken(c.req.valid("param").token);
    if (!token) return apiError(c, 400, "NO_TOKEN", NO_TOKEN_MESSAGE);
    const actor = actorOf(c);
    try {
      await refreshHolds(c.get("db"), token, actor);
    } catch (error) {
      return errorResponse(error, c);
    }
    const basket = await findBasket(c.get("db"), token, actor);
    if (!basket || basket.orderedAt) return invalid(c);
    c.header("cache-control", "private, no-store");
    return c.json(await checkoutView(c.var, settings, basket, { status: "REFRESHED", device: deviceOf(c) }), 200);
  });

  api.openapi(promoRoute, async (c) => {
    const body = c.req.valid("json");
    const token = usableBasketToken(body.basketToken);
    const actor = actorOf(c);
    const basket = token ? await findBasket(c.get("db"), token, actor) : null;
    if (!basket || basket.orderedAt) throw new BasketError("BASKET_NOT_FOUND");
    try {
      const attempt = await tryPromoCode(c.var, basket, actor, body.promoCode);
      if (attempt.limited) return tooManyRequests(c, attempt.retryAfterSeconds, GUESS_LIMITS.promoCode.message);
      const promo = attempt.promo;
      return c.json({ promoCode: promo && { code: promo.code, applicable: promo.applicable, message: promo.message } }, 200);
    } catch (error) {
      return errorResponse(error, c);
    }
  });

  api.openapi(walletRoute, async (c) => {
    const body = c.req.valid("json");
    if (!c.get("customer")) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const token = usableBasketToken(body.basketToken);
    const actor = actorOf(c);
    const basket = token ? await findBasket(c.get("db"), token, actor) : null;
    if (!basket || basket.orderedAt) throw new BasketError("BASKET_NOT_FOUND");
    try {
      await useWalletCredit(c.get("db"), basket, actor, body.applyCredit);
    } catch (error) {
      return errorResponse(error, c);
    }
    return c.json({ applied: body.applyCredit }, 200);
  });

  api.openapi(placeOrderRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const token = usableBasketToken(c.req.valid("param").token);
    if (!token) return apiError(c, 400, "NO_TOKEN", NO_TOKEN_MESSAGE);
    const body = c.req.valid("json");
    const payment = paymentChoice(body);
    if (!payment) return apiError(c, 400, "VALIDATION_ERROR", "paymentNonce or instrumentId is required");
    // Card testing: a run of declines for this basket, customer or address pauses payments.
    const declines = { customerId: customer.id, basketToken: token };
    const limited = rateLimitedResponse(c, await checkGuessLimit(c.var, "paymentDecline", declines), GUESS_LIMITS.paymentDecline.message);
    if (limited) return limited;
    const result = await placeCheckoutOrder(
      checkoutPlacementServices(c.var, settings, token),
      {
        basketToken: token,
        idempotencyKey: c.req.valid("header")["idempotency-key"],
        customer: { id: customer.id, email: customer.email, vip: customer.vipUser },
        details: { ...body.details, addressLine2: body.details.addressLine2 ?? null },
        payment,
        vipRenewal: body.vipRenewal,
        // An IPv4 address as IPv4, however the socket reported it: the velocity rules compare them.
        origin: { clientIp: c.get("clientIp").replace(/^::ffff:/, ""), deviceId: visitorIdOf(c.get("cookies")) },
      },
    );
    if (result.ok === "requires_action") return c.json({ requiresAction: { url: result.url } }, 202);
    if (!result.ok) {
      if (result.error.status === 402 && result.error.code.startsWith("PAYMENT_")) await recordFailedGuess(c.var, "paymentDecline", declines);
      return errorResponse(result.error, c);
    }
    basketCookie.clear(c.var);
    const order = result.order;
    return c.json(
      {
        productOrder: {
          id: order.id,
          currency: order.currency,
          walletAmountUsed: order.walletAmountUsed,
          cardType: order.cardType,
          quantity: order.quantity,
          total: order.total,
        },
      },
      201,
    );
  });
}

function paymentChoice(body: z.infer<typeof PlaceOrderSchema>): PaymentChoice | null {
  const method = body.paymentMethod;
  if (body.instrument === "NONE") return { method, instrument: "NONE" };
  if (body.instrument === "EXISTING") return body.instrumentId ? { method, instrument: "EXISTING", instrumentId: body.instrumentId, ageConfirmed: body.ageConfirmed } : null;
  return body.paymentNonce ? { method, instrument: "NEW", nonce: body.paymentNonce, save: body.saveInstrument, ageConfirmed: body.ageConfirmed } : null;
}
