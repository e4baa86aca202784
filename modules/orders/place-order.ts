import { chosenDeliveryOption } from "../catalog/rules/delivery-options";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Brand } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type Basket, type BasketActor, findBasket } from "../basket/baskets";
import { BasketError } from "../basket/errors";
import { extraLineTitle } from "../basket/line-pricing";
import { baskets } from "../basket/schema";
import { type CheckoutQuote, quoteCheckout } from "../checkout/quote-checkout";
import { findInstrument, gatewayCustomerRef } from "../payments/instruments";
import { capturePayment } from "../payments/payment-records";
import type { AuthorizeResult, PaymentMethod, PaymentProvider, PaymentSource } from "../payments/provider";
import { recordInitialStatus, type Actor } from "../states/transition";
import { WalletError } from "../wallet/errors";
import { settleAbandonedAttempt, voidAttemptAuthorization } from "./attempt-authorizations";
import { OrderError } from "./errors";
import { findOrder, findOrderOfBasket, type PlacedOrder, placedOrderOf } from "./find-orders";
import {
  attemptFailed,
  attemptKeys,
  attemptSucceeded,
  awaitAction,
  claimAttempt,
  findAttempt,
  keyReused,
  leaseExpired,
  type OrderAttempt,
  type PendingPlacement,
  recordAuthorization,
  settledAttempt,
} from "./order-attempts";
import { type OrderAuthorization, type OrderPlacedContext, runOrderPlacedSteps } from "./placed";
import { ORDER_PROCESS } from "./order-process";
import { requestFingerprint } from "./request-fingerprint";
import { orderLines, orders } from "./schema";
import { vipAtOrderTime, vipSaving } from "./vip-at-order";

export interface PlacementServices {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  brand: Brand;
  holdMs: number;
  /** How long after purchase a voucher becomes available (spec §9: 24 hours). */
  voucherReadyMs: number;
  /** Configuration: Klarna and Clearpay are only taken when switched on. */
  enabledMethods: { klarna: boolean; clearpay: boolean };
  log: Logger;
  /** Origin for the links in the confirmation email, e.g. https://www.wowcher.co.uk. */
  linkOrigin: string;
}

/** A checkout with the shopper's browser at hand: the gateway may send it to a page of its own. */
export interface CheckoutPlacementServices extends PlacementServices {
  /** Where the gateway sends the shopper back after a required action (3-D Secure), from the configured public origin. */
  actionReturnUrl: (attemptId: number) => string;
}

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
}

/** How the shopper pays: a new instrument (a one-time nonce from the browser) or a saved one. */
export type PaymentChoice =
  | { method: PaymentMethod; instrument: "NEW"; nonce: string; save?: boolean; ageConfirmed?: boolean }
  | { method: PaymentMethod; instrument: "EXISTING"; instrumentId: number; ageConfirmed?: boolean }
  /** Nothing to charge: wallet credit pays the whole order. */
  | { method: PaymentMethod; instrument: "NONE" };

export interface PlaceOrderRequest {
  basketToken: string;
  /** Chosen by the browser per checkout submission; a repeat returns the first result. */
  idempotencyKey: string;
  customer: { id: number; email: string; vip: boolean };
  details: CustomerDetails;
  payment: PaymentChoice;
  /** The shopper ticked "renew my VIP membership every year" next to the VIP add-on's terms (never ticked for them). */
  vipRenewal?: boolean;
  /** Where the request came from (address, the browser's visitor id), for fraud review's velocity rules. */
  origin?: { clientIp: string | null; deviceId: string | null };
}

export type PlaceOrderResult = { ok: true; order: PlacedOrder } | { ok: false; error: OrderError };

/** Or the gateway wants the shopper's action first: send the browser to `url` (3-D Secure). */
export type CheckoutOrderResult = PlaceOrderResult | { ok: "requires_action"; url: string };

/** How long a repeat waits for the first request with its key to finish. */
const REPEAT_WAIT_MS = 20_000;

/** Thrown inside the transaction when another request ordered the basket first. */
class BasketAlreadyOrdered extends Error {
  constructor(readonly orderId: number) {
    super(`basket already ordered as ${orderId}`);
  }
}

/**
 * Places the order for a basket. Safe to repeat and to race: the idempotency key makes a repeat
 * return the first result (and a repeat asking for something else is refused), and the basket row
 * lock makes a second key for the same basket return the order the first one placed. The attempt,
 * with its lease, is committed before the gateway is called, so a crash leaves a trace the payment
 * sweeper settles. The payment is authorized before the transaction, so no row lock is held while
 * the gateway answers; the transaction then re-checks availability and caps with the deal,
 * product, promo and wallet rows locked, writes the order and runs the order-placed steps
 * (vouchers, stock, wallet, promo, payment record, basket, emails), and commits. Any failure
 * rolls all of it back and voids the authorization. The payment is captured after the commit.
 */
export async function placeOrder(services: PlacementServices, request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  const result = await placeCheckoutOrder(services, request);
  // Only a checkout's own key can be waiting for the shopper's action; here it is still unfinished.
  return result.ok === "requires_action" ? { ok: false, error: OrderError.of("IN_PROGRESS") } : result;
}

/**
 * `placeOrder` for the checkout, where the browser can go to the gateway's page: the answer may be
 * `requires_action`, and `completePlacement` finishes the order when the shopper is back.
 */
export async function placeCheckoutOrder(services: PlacementServices | CheckoutPlacementServices, request: PlaceOrderRequest): Promise<CheckoutOrderResult> {
  const { db, clock } = services;
  const actor: BasketActor = {
    brand: services.brand,
    customer: { id: request.customer.id, vip: request.customer.vip },
    now: clock.now(),
    holdMs: services.holdMs,
  };
  const basket = await findBasket(db, request.basketToken, actor);
  if (!basket) return { ok: false, error: OrderError.of("BASKET_NOT_FOUND") };
  const fingerprint = requestFingerprint(request);
  if (basket.orderedAt) {
    const earlier = await findAttempt(db, basket.id, request.idempotencyKey);
    if (earlier && keyReused(earlier, fingerprint)) return { ok: false, error: OrderError.of("IDEMPOTENCY_KEY_REUSED") };
    return replayOrder(await findOrderOfBasket(db, basket.id), request.customer.id);
  }

  const { attempt, claimed } = await claimAttempt(db, { basketId: basket.id, idempotencyKey: request.idempotencyKey, fingerprint, now: actor.now, origin: request.origin });
  if (!claimed) {
    if (keyReused(attempt, fingerprint)) return { ok: false, error: OrderError.of("IDEMPOTENCY_KEY_REUSED") };
    return replayAttempt(services, attempt, request.customer.id);
  }

  try {
    const placed = await attemptOrder(services, request, actor, basket, attempt);
    return "url" in placed ? { ok: "requires_action", url: placed.url } : { ok: true, order: placed };
  } catch (caught) {
    return { ok: false, error: await failAttempt(services, attempt.id, caught) };
  }
}

/** The attempt's answer from now on, for an error thrown while placing its order. */
export async function failAttempt(services: PlacementServices, attemptId: number, caught: unknown): Promise<OrderError> {
  const error = asOrderError(caught, services.log);
  await attemptFailed(services.db, attemptId, error, services.clock.now());
  return error;
}

export function replayOrder(order: PlacedOrder | null, customerId: number): PlaceOrderResult {
  if (!order || order.customerId !== customerId) return { ok: false, error: OrderError.of("BASKET_NOT_FOUND") };
  return { ok: true, order };
}

export async function replayAttempt(services: PlacementServices, attempt: OrderAttempt, customerId: number): Promise<CheckoutOrderResult> {
  const { db } = services;
  if (attempt.status === "requires_action" && attempt.actionUrl) return { ok: "requires_action", url: attempt.actionUrl };
  // The request that claimed the key died: settle the attempt now rather than wait for the sweeper.
  if (leaseExpired(attempt, services.clock.now())) await settleAbandonedAttempt(services, attempt);
  const settled = await settledAttempt(db, attempt.id, REPEAT_WAIT_MS);
  if (settled.status === "succeeded" && settled.orderId !== null) return replayOrder(await findOrder(db, settled.orderId), customerId);
  if (settled.status === "requires_action" && settled.actionUrl) return { ok: "requires_action", url: settled.actionUrl };
  if (settled.status === "failed") {
    return { ok: false, error: new OrderError(settled.errorStatus ?? 500, settled.errorCode ?? "ORDER_FAILED", settled.errorMessage ?? "") };
  }
  return { ok: false, error: OrderError.of("IN_PROGRESS") };
}

function asOrderError(caught: unknown, log: Logger): OrderError {
  if (caught instanceof OrderError) return caught;
  if (caught instanceof BasketError) return OrderError.fromBasket(caught);
  if (caught instanceof WalletError) return new OrderError(409, `WALLET_${caught.code}`, caught.message);
  log.error({ err: caught }, "order placement failed");
  return OrderError.of("ORDER_FAILED");
}

function checkDetails(details: CustomerDetails): void {
  const required = [details.firstName, details.lastName, details.addressLine1, details.city, details.postcode];
  if (required.some((value) => value.trim() === "")) throw OrderError.of("DETAILS_INCOMPLETE");
}

/** The payment rules the server enforces whatever the browser offered (spec §5 and §8). */
function checkPaymentChoice(quote: CheckoutQuote, payment: PaymentChoice, enabled: PlacementServices["enabledMethods"]): void {
  if (quote.payable === 0) {
    // Spec §8: a wallet-only order must use the card flow.
    if (payment.method !== "card") throw OrderError.of("WALLET_ONLY_CARD_FLOW");
    return;
  }
  if (payment.instrument === "NONE") throw OrderError.of("PAYMENT_DETAILS_MISSING");
  if (payment.method === "klarna" && !enabled.klarna) throw OrderError.of("METHOD_UNAVAILABLE");
  if (payment.method === "clearpay" && (!enabled.clearpay || quote.payable < 100 || quote.payable > 100_000)) throw OrderError.of("METHOD_UNAVAILABLE");
  if (payment.method === "klarna" && !payment.ageConfirmed) throw OrderError.of("AGE_CONFIRMATION_REQUIRED");
}

/** The gateway's answer for a checkout: an authorization, or the page where the shopper must act first. */
type CheckoutAuthorization = OrderAuthorization | { url: string };

async function authorize(
  services: PlacementServices | CheckoutPlacementServices,
  request: PlaceOrderRequest,
  attempt: OrderAttempt,
  amount: number,
  currency: Basket["currency"],
): Promise<CheckoutAuthorization> {
  const { provider, db } = services;
  const payment = request.payment;
  const customerRef = gatewayCustomerRef(request.customer.id);
  const keys = attemptKeys(attempt.id);
  let source: PaymentSource;
  let vaultedToken: string | null = null;
  if (payment.instrument === "EXISTING") {
    const saved = await findInstrument(db, request.customer.id, payment.instrumentId);
    if (!saved) throw OrderError.of("PAYMENT_DETAILS_MISSING");
    source = { kind: "vaulted", token: saved.token };
  } else if (payment.instrument === "NEW" && payment.save) {
    const vaulted = await provider.vault({ idempotencyKey: keys.vault, nonce: payment.nonce, customerRef });
    if (!vaulted.ok) throw OrderError.declined(vaulted.decline);
    vaultedToken = vaulted.token;
    source = { kind: "vaulted", token: vaulted.token };
  } else if (payment.instrument === "NEW") {
    source = { kind: "nonce", nonce: payment.nonce };
  } else {
    throw OrderError.of("PAYMENT_DETAILS_MISSING");
  }
  const asked = { idempotencyKey: keys.authorize, amount, currency, source, customerRef };
  const result =
    "actionReturnUrl" in services
      ? await provider.authorizeInteractive({ ...asked, returnUrl: services.actionReturnUrl(attempt.id) })
      : await provider.authorize(asked);
  if (result.ok === "requires_action") {
    const placement = pendingPlacement(request, amount, vaultedToken);
    if (!(await awaitAction(db, attempt.id, { reference: result.reference, url: result.url, placement, now: services.clock.now() }))) {
      throw OrderError.of("INTERRUPTED");
    }
    return { url: result.url };
  }
  return authorized(services, attempt.id, request.payment.method, amount, result, vaultedToken);
}

/**
 * What the gateway authorized, checked against what was asked: the nonce or saved instrument
 * decides the method, and a mismatch is a tampered request (the authorization is voided).
 */
export async function authorized(
  services: PlacementServices,
  attemptId: number,
  method: PaymentMethod,
  amount: number,
  result: AuthorizeResult,
  vaultedToken: string | null,
): Promise<OrderAuthorization> {
  if (!result.ok) throw OrderError.declined(result.decline);
  const { authorizationId, ok: _ok, ...details } = result;
  await recordAuthorization(services.db, attemptId, authorizationId, services.clock.now());
  const sameMethod = details.method === method || (details.method === "paypal" && method === "paypal_credit");
  if (!sameMethod) {
    await voidAuthorization(services, attemptId, authorizationId);
    throw OrderError.of("PAYMENT_DETAILS_MISSING");
  }
  return { authorizationId, amount, details, vaultedToken };
}

/** The request as validated, without the card's nonce: kept while the shopper acts at the gateway. */
function pendingPlacement(request: PlaceOrderRequest, amount: number, vaultedToken: string | null): PendingPlacement {
  const { payment } = request;
  return {
    customer: request.customer,
    details: request.details,
    payment: {
      method: payment.method,
      instrument: payment.instrument === "EXISTING" ? "EXISTING" : "NEW",
      instrumentId: payment.instrument === "EXISTING" ? payment.instrumentId : null,
    },
    vipRenewal: request.vipRenewal === true,
    amount,
    vaultedToken,
  };
}

async function voidAuthorization(services: PlacementServices, attemptId: number, authorizationId: string): Promise<void> {
  try {
    await voidAttemptAuthorization(services, attemptId, authorizationId);
  } catch (error) {
    // The payment sweeper retries voids that did not get through.
    services.log.error({ err: error, attemptId, authorizationId }, "voiding an authorization failed");
  }
}

async function attemptOrder(
  services: PlacementServices | CheckoutPlacementServices,
  request: PlaceOrderRequest,
  actor: BasketActor,
  basket: Basket,
  attempt: OrderAttempt,
): Promise<PlacedOrder | { url: string }> {
  checkDetails(request.details);
  // A first look without locks: a basket that cannot be bought is turned away before any payment.
  const preview = await quoteCheckout(services.db, basket, actor);
  if (preview.problems.length > 0) throw OrderError.fromBasket(preview.problems[0]);
  checkPaymentChoice(preview, request.payment, services.enabledMethods);

  const authorization = preview.payable > 0 ? await authorize(services, request, attempt, preview.payable, basket.currency) : null;
  if (authorization && "url" in authorization) return authorization;
  return finishOrder(services, request, actor, attempt, authorization);
}

/**
 * Writes the order paid by `authorization` (voided if the order cannot be written) and captures
 * it: the end of a placement, at once or when the shopper is back from the gateway's page.
 */
export async function finishOrder(
  services: PlacementServices,
  request: PlaceOrderRequest,
  actor: BasketActor,
  attempt: OrderAttempt,
  authorization: OrderAuthorization | null,
): Promise<PlacedOrder> {
  let order: PlacedOrder;
  let held: boolean;
  try {
    ({ order, held } = await services.db.transaction((tx) => writeOrder(tx, services, request, actor, attempt, authorization)));
  } catch (error) {
    if (authorization) await voidAuthorization(services, attempt.id, authorization.authorizationId);
    if (!(error instanceof BasketAlreadyOrdered)) throw error;
    // Another submission (another tab, another key) ordered this basket first: that is the result.
    await attemptSucceeded(services.db, attempt.id, error.orderId, services.clock.now(), false);
    const first = await findOrder(services.db, error.orderId);
    if (!first || first.customerId !== request.customer.id) throw OrderError.of("BASKET_NOT_FOUND");
    return first;
  }
  // A held order's payment stays authorized until a reviewer decides (modules/fraud-review).
  if (authorization && !held) {
    try {
      await capturePayment(services.db, services.provider, order.id, services.clock.now(), shopper(request));
    } catch (error) {
      // The order stands; the payment sweeper captures it later.
      services.log.error({ err: error, orderId: order.id }, "capturing a payment failed");
    }
  }
  return order;
}

/** Everything that must happen together, under locks, or not at all. */
async function writeOrder(
  tx: Db,
  services: PlacementServices,
  request: PlaceOrderRequest,
  actor: BasketActor,
  attempt: OrderAttempt,
  authorization: OrderAuthorization | null,
): Promise<{ order: PlacedOrder; held: boolean }> {
  const now = actor.now;
  const [locked] = await tx.select().from(baskets).where(eq(baskets.token, request.basketToken)).for("update");
  if (locked.orderedAt) {
    const existing = await findOrderOfBasket(tx, locked.id);
    if (existing) throw new BasketAlreadyOrdered(existing.id);
  }
  // VIP prices, exclusives and early access need a membership active now, not when the request began.
  const vip = await vipAtOrderTime(tx, request.customer.id, now);
  const quote = await quoteCheckout(tx, locked, { ...actor, customer: { id: request.customer.id, vip } }, { lock: true });
  if (quote.problems.length > 0) throw OrderError.fromBasket(quote.problems[0]);
  if (quote.payable !== (authorization?.amount ?? 0)) throw OrderError.of("PRICE_CHANGED");

  const customerId = request.customer.id;
  const { details } = request;
  const [order] = await tx
    .insert(orders)
    .values({
      brand: services.brand.id,
      currency: locked.currency,
      customerId,
      basketId: locked.id,
      email: request.customer.email,
      subtotal: quote.subtotal,
      postage: quote.postage,
      discount: quote.discount,
      walletRefundableUsed: quote.walletUsed.refundable,
      walletMarketingUsed: quote.walletUsed.marketing,
      total: quote.payable,
      quantity: quote.quantity,
      promoCode: quote.promo?.applicable ? quote.promo.code : null,
      paymentMethod: authorization?.details.method ?? request.payment.method,
      cardType: authorization?.details.cardType ?? null,
      deliveryName: `${details.firstName.trim()} ${details.lastName.trim()}`,
      addressLine1: details.addressLine1.trim(),
      addressLine2: details.addressLine2?.trim() || null,
      city: details.city.trim(),
      postcode: details.postcode.trim(),
      createdAt: now,
    })
    .returning();

  const bought = quote.lines.filter((entry) => entry.line.quantity > 0);
  const lineRows = await tx
    .insert(orderLines)
    .values(
      bought.map(({ line, product, price }) => ({
        orderId: order.id,
        customerId,
        kind: line.kind,
        addonType: line.addonType,
        dealId: line.dealId,
        productId: line.productId,
        title: product ? `${product.deal.headline}: ${product.friendlyName}` : extraLineTitle(line, locked.currency),
        merchantName: product?.deal.merchantName ?? null,
        quantity: line.quantity,
        unitPrice: price.unitPrice,
        originalUnitPrice: price.originalUnitPrice,
        postage: price.postagePerUnit * line.quantity,
        deliveryOption: product ? chosenDeliveryOption(product.deliveryOptions, line.deliveryOptionType) : null,
        lineTotal: price.lineTotal,
        vipSaving: vipSaving(product, vip, line.quantity),
        payDeposit: line.payDeposit,
        gifting: line.gifting,
        checkInDate: line.checkInDate,
        checkOutDate: line.checkOutDate,
        flights: line.flights,
        guests: line.guests,
        passengers: line.passengers,
        utmMedium: line.utmMedium,
        utmSource: line.utmSource,
        adId: line.adId,
        mgId: line.mgId,
        purchaseGclid: line.purchaseGclid,
        purchaseLocation: line.purchaseLocation,
        purchaseUrl: line.purchaseUrl,
        sessionPurchaseSource: line.sessionPurchaseSource,
        createdAt: now,
      })),
    )
    .returning({ id: orderLines.id, kind: orderLines.kind, addonType: orderLines.addonType, title: orderLines.title, gifting: orderLines.gifting });

  await recordInitialStatus(tx, ORDER_PROCESS, [order], { actor: shopper(request), at: now });
  const context: OrderPlacedContext = {
    tx,
    clock: services.clock,
    now,
    brand: services.brand.id,
    linkOrigin: services.linkOrigin,
    providerName: services.provider.name,
    voucherReadyMs: services.voucherReadyMs,
    actor: shopper(request),
    firstName: details.firstName,
    basket: locked,
    quote,
    order,
    lines: bought.map((entry, index) => ({ entry, written: lineRows[index] })),
    authorization,
    vouchers: [],
    vipRenewal: request.vipRenewal === true,
    savedInstrumentId: request.payment.instrument === "EXISTING" ? request.payment.instrumentId : null,
    origin: { clientIp: attempt.clientIp, deviceId: attempt.deviceId },
    heldFor: [],
  };
  await runOrderPlacedSteps(context);
  // The sweeper settled this attempt while it ran past its lease: its answer stands, not this order.
  if (!(await attemptSucceeded(tx, attempt.id, order.id, now, authorization !== null))) throw OrderError.of("INTERRUPTED");
  return { order: placedOrderOf(order), held: context.heldFor.length > 0 };
}

/** The shopper placing the order, as the status history names them. */
function shopper(request: PlaceOrderRequest): Actor {
  return { type: "customer", id: String(request.customer.id) };
}
