import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { GIFT_CARD_REDEEMED_MESSAGE } from "../../modules/gift-cards/errors";
import { redeemWithinGuessLimit } from "../buying/gift-cards";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { notSignedIn, tooManyRequests } from "./account-helpers";
import { errors, json } from "./account-schemas";

const RedeemRequestSchema = z
  .object({ code: z.string().max(200).openapi({ description: "Exactly as written on the card: case sensitive", example: "h7Kq2ZmPx9WdR4tB" }) })
  .openapi("GiftCardRedeemRequest");

const RedeemResponseSchema = z
  .object({
    message: z.string().openapi({ example: GIFT_CARD_REDEEMED_MESSAGE }),
    amount: z.number().int().openapi({ description: "minor units (pence, cent) added to the wallet as refundable credit" }),
    currency: z.enum(["GBP", "EUR"]),
  })
  .openapi("GiftCardRedeemed");

const redeemRoute = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    summary,
    request: { body: json(RedeemRequestSchema) },
    responses: {
      200: { description: "Redeemed: the card's amount is in the wallet", ...json(RedeemResponseSchema) },
      default: errors(
        "401 not signed in; 404 'Gift code not recognized. Please try again.' (unknown or already used); 410 expired; 409 a card in another currency than the site's; 429 too many unrecognised codes (Retry-After)",
      ),
    },
  });

/** Gift card redemption (spec §7 "Wallet, gift and rewards"): the signed-in shopper's wallet receives the card's amount. */
export function registerGiftCardRoutes(api: OpenAPIHono<AppEnv>): void {
  for (const route of [
    redeemRoute("/giftcard/redeem", "Redeem a gift card into the signed-in shopper's wallet (race-safe; unrecognised codes count against a guessing limit)"),
    redeemRoute("/gift-card/redeem", "Legacy address of POST /giftcard/redeem"),
  ]) {
    api.openapi(route, async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      const outcome = await redeemWithinGuessLimit(c.var, customer.id, c.req.valid("json").code);
      if (outcome.ok) return c.json({ message: GIFT_CARD_REDEEMED_MESSAGE, amount: outcome.redeemed.amount, currency: outcome.redeemed.currency }, 200);
      if (outcome.retryAfterSeconds !== undefined) return tooManyRequests(c, outcome.retryAfterSeconds, outcome.message);
      return apiError(c, outcome.status, `GIFT_CARD_${outcome.code}`, outcome.message);
    });
  }
}
