import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { recordIdParam } from "../../lib/input";
import { voucherDetail } from "../../modules/my-vouchers/voucher-detail";
import { listMyVouchers } from "../../modules/my-vouchers/my-vouchers";
import { VOUCHER_PAGE_SIZE } from "../../modules/vouchers/list-vouchers";
import type { VoucherFilter } from "../../modules/vouchers/voucher-display";
import { voucherError } from "../../modules/vouchers/errors";
import type { AppEnv } from "../context";
import { errorResponse } from "../errors";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import { VoucherDetailSchema, VoucherFilterQuery, VoucherListSchema, voucherDetailBody, voucherSummaryBody } from "./voucher-schemas";

const pageNumber = z.coerce.number().int().min(1).max(100_000);

const listRoute = createRoute({
  method: "get",
  path: "/voucher",
  summary: "The signed-in customer's vouchers, newest first, 10 a page (spec §9)",
  request: { query: z.object({ page: pageNumber.optional().openapi({ description: "1-based, default 1" }), filter: VoucherFilterQuery }) },
  responses: { 200: { description: "A page of vouchers", ...json(VoucherListSchema) }, default: errors("400: invalid page or filter; 401: Not signed in") },
});

const pagedListRoute = createRoute({
  method: "get",
  path: "/voucher/{page}/{pageSize}",
  summary: "Spec §7 shape /v1/voucher/{page}/10?giftPacks=true: a page (1-based) of 10 vouchers",
  request: {
    params: z.object({ page: pageNumber, pageSize: z.literal(String(VOUCHER_PAGE_SIZE)).openapi({ description: "always 10 (spec §9)" }) }),
    query: z.object({ giftPacks: z.enum(["true", "false"]).optional().openapi({ description: "accepted for the spec's shape; every voucher carries its gift state (Gift Pack, Gift Pack Sent among them)" }), filter: VoucherFilterQuery }),
  },
  responses: { 200: { description: "A page of vouchers", ...json(VoucherListSchema) }, default: errors("400: invalid page, page size or filter; 401: Not signed in") },
});

const detailRoute = createRoute({
  method: "get",
  path: "/voucher/{voucherId}",
  summary: "One of the signed-in customer's vouchers: status timeline, merchant contact, allowed after-sale actions",
  request: { params: z.object({ voucherId: recordIdParam().openapi({ example: 90000001 }) }) },
  responses: {
    200: { description: "The voucher", ...json(VoucherDetailSchema) },
    default: errors("401: Not signed in; 404: 'Page not found' (also for another customer's voucher)"),
  },
});

async function listBody(c: Context<AppEnv>, customerId: number, page: number, filter: VoucherFilter) {
  const result = await listMyVouchers(c.get("db"), { customerId, page, filter, now: c.get("clock").now() });
  c.header("cache-control", "private, no-store");
  return { ...result, pageSize: VOUCHER_PAGE_SIZE, vouchers: result.vouchers.map(voucherSummaryBody) };
}

/** My Vouchers as JSON: only ever the session's customer's vouchers; anyone else's are 404. */
export function registerVoucherRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(listRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const query = c.req.valid("query");
    return c.json(await listBody(c, customer.id, query.page ?? 1, query.filter ?? "all"), 200);
  });

  api.openapi(pagedListRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    return c.json(await listBody(c, customer.id, c.req.valid("param").page, c.req.valid("query").filter ?? "all"), 200);
  });

  api.openapi(detailRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const detail = await voucherDetail(c.get("db"), { customerId: customer.id, voucherId: c.req.valid("param").voucherId, now: c.get("clock").now() });
    if (!detail) return errorResponse(voucherError("VOUCHER_NOT_FOUND"), c);
    c.header("cache-control", "private, no-store");
    return c.json(voucherDetailBody(detail), 200);
  });
}
