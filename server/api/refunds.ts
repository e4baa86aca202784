import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { parseRecordId } from "../../lib/input";
import { refundError } from "../../modules/refunds/errors";
import { exchangeForCredit } from "../../modules/refunds/exchange-for-credit";
import { extendableVouchers } from "../../modules/refunds/extendable-vouchers";
import { extendProtectedVoucher } from "../../modules/refunds/extend-protected-voucher";
import { refundVoucher } from "../../modules/refunds/refund-voucher";
import { paymentProvider } from "../buying/buying-context";
import type { AppEnv } from "../context";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import {
  creditResponse,
  CreditRequestSchema,
  CreditResponseSchema,
  extendableResponse,
  ExtendableQuerySchema,
  ExtendableResponseSchema,
  extendResponse,
  ExtendRequestSchema,
  ExtendResponseSchema,
  refundResponse,
  RefundRequestSchema,
  RefundResponseSchema,
} from "./refund-schemas";

const refundRoute = createRoute({
  method: "post",
  path: "/voucher/pmv/refund",
  summary: "Refund an unused voucher (14 days, or until 7 days before expiry with Deal Protection): to the payment method, or all as wallet credit. A repeat answers the first refund",
  request: { body: json(RefundRequestSchema) },
  responses: {
    200: { description: "What went back, and where", ...json(RefundResponseSchema) },
    default: errors("401 not signed in; 404 not your voucher; 409 not refundable now (the reason as message)"),
  },
});

const creditRoute = createRoute({
  method: "post",
  path: "/voucher/credit",
  summary: "Exchange an unused voucher (or one expired less than 14 days ago) for wallet credit worth all it cost",
  request: { body: json(CreditRequestSchema) },
  responses: {
    200: { description: "Requested; a job adds the credit and marks it Request Processed", ...json(CreditResponseSchema) },
    default: errors("401 not signed in; 404 not your voucher; 409 not exchangeable (the reason as message)"),
  },
});

const extendableRoute = createRoute({
  method: "get",
  path: "/voucher/vve",
  summary: "The vouchers of an order that can be extended now (Deal Protection, up to 3 months in all)",
  request: { query: ExtendableQuerySchema },
  responses: {
    200: { description: "Extendable vouchers", ...json(ExtendableResponseSchema) },
    default: errors("400 'Sorry, a product order id is required.'; 401 not signed in; 404 not your order; 422 'this order has no vouchers eligible for extension'"),
  },
});

const extendRoute = createRoute({
  method: "post",
  path: "/voucher/vve",
  summary: "Extend a Deal Protection voucher by 1 to 3 months (free; 3 in all)",
  request: { body: json(ExtendRequestSchema) },
  responses: {
    200: { description: "The new expiry", ...json(ExtendResponseSchema) },
    default: errors("401 not signed in; 404 not your voucher; 409 not extendable (the reason as message); 422 more months than are left"),
  },
});

const shopper = (c: Context<AppEnv>, customerId: number) => ({
  actor: { type: "customer" as const, id: String(customerId) },
  linkOrigin: c.get("publicOrigin"),
});

/** Refunds, exchange for credit and extension of the signed-in shopper's vouchers (spec §7 Vouchers and returns). */
export function registerRefundRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(refundRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { actor, linkOrigin } = shopper(c, customer.id);
    const result = await refundVoucher(c.get("db"), { provider: paymentProvider(c.var), clock: c.get("clock"), log: c.get("log"), linkOrigin }, { ...c.req.valid("json"), customerId: customer.id, actor });
    return c.json(refundResponse(result), 200);
  });

  api.openapi(creditRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { actor, linkOrigin } = shopper(c, customer.id);
    const result = await exchangeForCredit(c.get("db"), { clock: c.get("clock"), linkOrigin }, { voucherId: c.req.valid("json").voucherId, customerId: customer.id, actor });
    return c.json(creditResponse(result), 200);
  });

  api.openapi(extendableRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const orderId = parseRecordId(c.req.valid("query").orderId);
    if (orderId === null) throw refundError("ORDER_ID_REQUIRED");
    c.header("cache-control", "private, no-store");
    return c.json(extendableResponse(await extendableVouchers(c.get("db"), customer.id, orderId, c.get("clock").now())), 200);
  });

  api.openapi(extendRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { actor, linkOrigin } = shopper(c, customer.id);
    const body = c.req.valid("json");
    const result = await extendProtectedVoucher(
      c.get("db"),
      { clock: c.get("clock"), linkOrigin },
      { voucherId: body.voucherId, customerId: customer.id, months: body.months, seenExpiresAt: body.expiresAt ? new Date(body.expiresAt) : undefined, actor },
    );
    return c.json(extendResponse(result), 200);
  });
}
