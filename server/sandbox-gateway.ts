import { Hono } from "hono";
import { z } from "zod";
import { tokenizeCard, tokenizeWallet } from "../modules/payments/sandbox/tokenize";
import { SANDBOX_WALLET_SCENARIOS } from "../modules/payments/sandbox/test-cards";
import { apiError } from "./errors";
import type { AppEnv } from "./context";

const cardSchema = z.object({
  number: z.string().max(40),
  expiry: z.string().max(10),
  securityCode: z.string().max(10),
  postalCode: z.string().max(20),
});

const walletSchema = z.object({
  method: z.enum(["paypal", "paypal_credit", "google", "apple", "klarna", "clearpay"]),
  scenario: z.enum(SANDBOX_WALLET_SCENARIOS),
});

/**
 * The sandbox gateway's browser-facing endpoints, standing in for a real gateway's hosted fields:
 * the card form sends the card here, never to the shop's `/v1` API, and gets a one-time nonce back.
 * It answers only the browser's own questions, so it needs no session or CSRF token.
 */
export function createSandboxGateway(): Hono<AppEnv> {
  const gateway = new Hono<AppEnv>();
  gateway.use(async (c, next) => {
    await next();
    // Card details must never be cached anywhere on the way.
    c.header("cache-control", "no-store");
  });

  gateway.post("/v1/tokenize", async (c) => {
    const parsed = cardSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return apiError(c, 400, "VALIDATION_ERROR", "Hmm. That card number doesn't look right");
    const result = await tokenizeCard(c.get("db"), c.get("clock"), parsed.data);
    if (!result.ok) {
      const [first] = Object.values(result.errors);
      return c.json({ error: { code: "CARD_INVALID", message: first }, errors: result.errors }, 400);
    }
    return c.json({ nonce: result.nonce, cardType: result.cardType, last4: result.last4 }, 201);
  });

  gateway.post("/v1/wallet-nonce", async (c) => {
    const parsed = walletSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return apiError(c, 400, "VALIDATION_ERROR", "method and scenario are required");
    return c.json(await tokenizeWallet(c.get("db"), c.get("clock"), parsed.data), 201);
  });
  return gateway;
}
