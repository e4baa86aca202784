import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { isSubscribed } from "../../modules/accounts/newsletter";
import { PAYMENT_DECLINES } from "../../modules/payments/errors";
import { lookupVipStatus } from "../../modules/vip/membership";
import { cancelRenewal, resumeRenewal } from "../../modules/vip/renewal-settings";
import { payRenewal } from "../../modules/vip/renew-membership";
import { startFreeTrial } from "../../modules/vip/start-free-trial";
import { vipInfo } from "../../modules/vip/vip-info";
import { renewalCancelledMessage } from "../../modules/vip/vip-terms";
import type { AppEnv, RequestServices } from "../context";
import { apiError } from "../errors";
import { renewalServices, shopperActor } from "../vip/membership-services";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import {
  CancelledSchema,
  CardChoiceSchema,
  PayRenewalSchema,
  subscriptionBody,
  UpdateVipStatusSchema,
  VipInfoSchema,
  VipSubscriptionSchema,
} from "./vip-subscription-schemas";

const subscriptionRoute = createRoute({
  method: "get",
  path: "/subscription",
  summary: "The signed-in shopper's VIP membership (status, price, period, renewal, card) and newsletter subscription; the first look creates an ELIGIBLE membership",
  responses: {
    200: { description: "The subscription", ...json(VipSubscriptionSchema) },
    default: errors("401 not signed in"),
  },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/subscription/cancel",
  summary: "Cancel VIP renewal in one call: nothing more is charged, VIP stays until the period ends. Repeating it changes nothing",
  responses: {
    200: { description: "Renewal is off", ...json(CancelledSchema) },
    default: errors("401 not signed in; 409 not a VIP member"),
  },
});

const resumeRoute = createRoute({
  method: "post",
  path: "/subscription/resume",
  summary: "Turn VIP renewal back on, with a saved card that allows subscription (spec §5)",
  request: { body: { required: false, ...json(CardChoiceSchema) } },
  responses: {
    200: { description: "Renewal is on", ...json(VipSubscriptionSchema) },
    default: errors("400 no card, or a card that does not allow subscription; 401 not signed in; 409 not a member, or in RENEW"),
  },
});

const payRoute = createRoute({
  method: "post",
  path: "/subscription/pay",
  summary: "RENEW (the renewal payment failed): pay the next VIP year now with a saved card that allows subscription",
  request: { body: { required: true, ...json(PayRenewalSchema) } },
  responses: {
    200: { description: "Paid: ACTIVE for the next year", ...json(VipSubscriptionSchema) },
    default: errors("400 card not usable; 401 not signed in; 402 declined; 409 nothing to pay, or the membership ended"),
  },
});

const updateVipStatusRoute = createRoute({
  method: "post",
  path: "/update-vip-status",
  summary: `Opt in to VIP (spec: POST vipStatus): ACTIVE with VIP-SUB-FREE-TRIAL starts the free trial on a saved card that allows subscription; nothing is charged until it ends`,
  request: { body: { required: true, ...json(UpdateVipStatusSchema) } },
  responses: {
    201: { description: "The trial has started", ...json(VipSubscriptionSchema) },
    default: errors("400 no card, or a card that does not allow subscription; 401 not signed in; 409 already VIP, or a former member (no second trial)"),
  },
});

const vipInfoRoute = createRoute({
  method: "get",
  path: "/vip-info/{id}",
  summary: "The brand's VIP programme: price, trial, renewal terms (spec §7 VIP info; the id differs by brand: wowcher-vip, wowcherie-vip, livingsocial-vip, livingsocialie-vip)",
  request: { params: z.object({ id: z.string().max(40) }) },
  responses: {
    200: { description: "The programme", ...json(VipInfoSchema) },
    default: errors("404 not this brand's VIP programme"),
  },
});

async function answer(services: RequestServices, customer: NonNullable<RequestServices["customer"]>) {
  const now = services.clock.now();
  const view = await lookupVipStatus(services.db, { customerId: customer.id, now, actor: shopperActor(customer.id) });
  return subscriptionBody(view, await isSubscribed(services.db, services.brand.id, customer.email));
}

/** Subscription and VIP (spec §7): the VIP membership's status, cancel renewal, opt-in and the programme info. */
export function registerVipSubscriptionRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(subscriptionRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    c.header("cache-control", "private, no-store");
    return c.json(await answer(c.var, customer), 200);
  });

  api.openapi(cancelRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const now = c.get("clock").now();
    const { changed, membership } = await cancelRenewal(c.get("db"), { customerId: customer.id, now, actor: shopperActor(customer.id), linkOrigin: c.get("publicOrigin") });
    return c.json({ changed, message: renewalCancelledMessage(membership.periodEnd, c.get("brand").id), subscription: await answer(c.var, customer) }, 200);
  });

  api.openapi(resumeRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const body = c.req.valid("json") ?? {};
    await resumeRenewal(c.get("db"), {
      customerId: customer.id,
      instrumentId: body.instrumentId ?? null,
      now: c.get("clock").now(),
      actor: shopperActor(customer.id),
      linkOrigin: c.get("publicOrigin"),
    });
    return c.json(await answer(c.var, customer), 200);
  });

  api.openapi(payRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const paid = await payRenewal(c.get("db"), renewalServices(c.var), {
      customerId: customer.id,
      instrumentId: c.req.valid("json").instrumentId,
      now: c.get("clock").now(),
      actor: shopperActor(customer.id),
    });
    if (!paid.ok) {
      const decline = paid.decline ?? "INVALID_PAYMENT_DETAILS";
      return apiError(c, 402, `PAYMENT_${decline}`, PAYMENT_DECLINES[decline].message);
    }
    return c.json(await answer(c.var, customer), 200);
  });

  api.openapi(updateVipStatusRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const body = c.req.valid("json");
    await startFreeTrial(c.get("db"), {
      customerId: customer.id,
      instrumentId: body.instrumentId,
      now: c.get("clock").now(),
      actor: shopperActor(customer.id),
      linkOrigin: c.get("publicOrigin"),
    });
    return c.json(await answer(c.var, customer), 201);
  });

  api.openapi(vipInfoRoute, (c) => {
    const info = vipInfo(c.get("brand").id, c.req.valid("param").id);
    if (!info) return apiError(c, 404, "VIP_INFO_NOT_FOUND", "Page not found");
    c.header("cache-control", "public, max-age=300");
    return c.json(info, 200);
  });
}
