import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { returnError } from "../../modules/returns/errors";
import { listReturns, RETURNS_PAGE_SIZE } from "../../modules/returns/list-returns";
import { findReturnsLabel, returnsLabelPath } from "../../modules/returns/returns-label";
import { renderReturnsLabelPdf } from "../../modules/returns/returns-label-pdf";
import { startReturn } from "../../modules/returns/start-return";
import type { AppEnv } from "../context";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import {
  CreateReturnSchema,
  ReturnIdQuerySchema,
  ReturnsLabelRequestSchema,
  ReturnsLabelSchema,
  ReturnsPageQuerySchema,
  ReturnsPageSchema,
  ReturnStartedSchema,
} from "./returns-schemas";

const createReturnRoute = createRoute({
  method: "post",
  path: "/create-return-order",
  summary: "Start a return of a delivered item (within 14 days of delivery); emails the returns label link",
  request: { body: { required: true, ...json(CreateReturnSchema) } },
  responses: {
    201: { description: "The return, with its label", ...json(ReturnStartedSchema) },
    default: errors("400: 'Please select a reason...' or comments too long; 401: Not signed in; 404: No such voucher of yours; 409: The item cannot be returned (the reason is the message)"),
  },
});

const labelRoute = createRoute({
  method: "post",
  path: "/returns/returns-label",
  summary: "Where the returns label PDF of one of your returns is",
  request: { body: { required: true, ...json(ReturnsLabelRequestSchema) } },
  responses: { 200: { description: "The label's URL", ...json(ReturnsLabelSchema) }, default: errors("401: Not signed in; 404: No such return of yours") },
});

const pdfRoute = createRoute({
  method: "get",
  path: "/returns/pdf",
  summary: "The returns label as a PDF: the merchant's return address, the reference, the order and the item (the owner only)",
  request: { query: ReturnIdQuerySchema },
  responses: {
    200: { description: "The label", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
    default: errors("401: Not signed in; 404: No such return of yours"),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/returns",
  summary: `Your returns, newest first, ${RETURNS_PAGE_SIZE} a page`,
  request: { query: ReturnsPageQuerySchema },
  responses: { 200: { description: "A page of returns", ...json(ReturnsPageSchema) }, default: errors("401: Not signed in") },
});

const privateAnswer = (c: Context<AppEnv>) => c.header("cache-control", "private, no-store");

/** Spec §7 returns calls, for the signed-in shopper; another shopper's return is "not found". */
export function registerReturnRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(createReturnRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const body = c.req.valid("json");
    const origin = c.get("publicOrigin");
    const started = await startReturn(
      { db: c.get("db"), clock: c.get("clock") },
      { customerId: customer.id, voucherId: body.voucherId, reason: body.reason ?? "", comments: body.comments, linkOrigin: origin },
    );
    return c.json({ returnId: started.returnId, reference: started.reference, labelUrl: `${origin}${started.labelPath}` }, 201);
  });

  api.openapi(labelRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { returnId } = c.req.valid("json");
    if (!(await findReturnsLabel(c.get("db"), customer.id, returnId))) throw returnError("RETURN_NOT_FOUND");
    privateAnswer(c);
    return c.json({ url: `${c.get("publicOrigin")}${returnsLabelPath(returnId)}` }, 200);
  });

  api.openapi(pdfRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const label = await findReturnsLabel(c.get("db"), customer.id, c.req.valid("query").returnId);
    if (!label) throw returnError("RETURN_NOT_FOUND");
    const pdf = await renderReturnsLabelPdf({ ...label, brandName: c.get("brand").displayName });
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="returns-label-${label.reference}.pdf"`,
      "cache-control": "private, no-store",
    });
  });

  api.openapi(listRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    privateAnswer(c);
    return c.json(await listReturns(c.get("db"), customer.id, c.req.valid("query").page ?? 1), 200);
  });
}
