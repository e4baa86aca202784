import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cancelGift } from "../../modules/gifts/cancel-gift";
import { giftVoucher } from "../../modules/my-vouchers/gift-voucher";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { claimGiftWithCode, type GiftFailure, lookUpGift } from "../gifts/gift-claims";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import { GiftCancelledSchema, GiftCancelSchema, GiftClaimedSchema, GiftClaimSchema, GiftCreateSchema, GiftLookupSchema, GiftSentSchema, GiftViewSchema, giftBody } from "./gift-schemas";

const GUESSING = "401 not signed in; 404 'Gift code not recognized. Please try again.' (also for a gift someone else claimed); 409 already claimed by you, or no longer claimable; 429 too many unrecognised codes";

const lookupRoute = createRoute({
  method: "post",
  path: "/gift/lookup",
  summary: "The gift a gift code names, with the options the recipient may choose (POST: codes stay out of addresses and logs)",
  request: { body: json(GiftLookupSchema) },
  responses: { 200: { description: "The gift", ...json(GiftViewSchema) }, default: errors(GUESSING) },
});

const claimBody = { body: json(GiftClaimSchema) };
const claimResponses = { 200: { description: "Claimed: the voucher is the caller's and was emailed to them", ...json(GiftClaimedSchema) }, default: errors(`${GUESSING}; 409 the chosen option is not available`) };
const claimRoute = createRoute({ method: "post", path: "/gift/claim", summary: "Claim a gift with its gift code, optionally for another option", request: claimBody, responses: claimResponses });
const legacyClaimRoute = createRoute({ method: "post", path: "/deal/gift-redeem", summary: "Legacy address of POST /gift/claim", request: claimBody, responses: claimResponses });

const createGiftRoute = createRoute({
  method: "post",
  path: "/gift/create",
  summary: "Gift it: give one of the caller's unused vouchers; the recipient is emailed a gift code",
  request: { body: json(GiftCreateSchema) },
  responses: {
    200: { description: "Sent", ...json(GiftSentSchema) },
    default: errors("400 recipient's name or email missing or invalid, message too long; 401 not signed in; 404 not your voucher; 409 already given or no longer giftable"),
  },
});

const cancelGiftRoute = createRoute({
  method: "post",
  path: "/gift/cancel",
  summary: "Take back a gift of the caller's that nobody has claimed yet: its gift code stops working and the voucher is the caller's again",
  request: { body: json(GiftCancelSchema) },
  responses: {
    200: { description: "Cancelled", ...json(GiftCancelledSchema) },
    default: errors("401 not signed in; 409 not given as a gift, or already claimed"),
  },
});

function failed(c: Context<AppEnv>, failure: GiftFailure) {
  if (failure.retryAfterSeconds) c.header("retry-after", String(failure.retryAfterSeconds));
  return apiError(c, failure.status as 400, failure.code, failure.message);
}

/** Gifts (spec §7 Wallet, gift and rewards): look up and claim a gift by its code, and give a voucher. */
export function registerGiftRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(lookupRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const found = await lookUpGift(c.var, customer, c.req.valid("json").code);
    c.header("cache-control", "private, no-store");
    return found.ok ? c.json(giftBody(found.value), 200) : failed(c, found.failure);
  });

  for (const route of [claimRoute, legacyClaimRoute]) {
    api.openapi(route, async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      const request = c.req.valid("json");
      const claimed = await claimGiftWithCode(c.var, customer, request.code, request.productId);
      if (!claimed.ok) return failed(c, claimed.failure);
      return c.json({ status: "CLAIMED" as const, voucherId: claimed.value.voucherId, productName: claimed.value.productName, message: "voucher emailed" as const }, 200);
    });
  }

  api.openapi(createGiftRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const request = c.req.valid("json");
    const sent = await giftVoucher(
      { db: c.get("db"), clock: c.get("clock"), brand: c.get("brand").id, linkOrigin: c.get("publicOrigin") },
      { ...request, message: request.message ?? null, customerId: customer.id, senderName: customer.firstName, actor: { type: "customer", id: String(customer.id) } },
    );
    return c.json({ status: "SENT" as const, voucherId: request.voucherId, recipientEmail: sent.recipientEmail }, 200);
  });

  api.openapi(cancelGiftRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { voucherId } = c.req.valid("json");
    await cancelGift(
      { db: c.get("db"), clock: c.get("clock"), brand: c.get("brand").id },
      { customerId: customer.id, senderName: customer.firstName, voucherId, actor: { type: "customer", id: String(customer.id) } },
    );
    return c.json({ status: "CANCELLED" as const, voucherId }, 200);
  });
}
