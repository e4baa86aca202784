import { randomBytes, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { formatMoney } from "../lib/money";
import { decideChallenge, findChallenge, type SandboxChallenge } from "../modules/payments/sandbox/challenge";
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from "../modules/payments/sandbox/webhook-signature";
import { tokenizeCard, tokenizeWallet } from "../modules/payments/sandbox/tokenize";
import { SANDBOX_WALLET_SCENARIOS } from "../modules/payments/sandbox/test-cards";
import { rateLimitedResponse } from "./api/account-helpers";
import { apiError } from "./errors";
import { clientIp } from "./security/client-ip";
import { CARD_TOKENIZE_LIMITED_MESSAGE, checkRateLimit } from "./security/rate-limits";
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
 * It answers only the browser's own questions, so it needs no session or CSRF token. Cards are
 * limited per client address, as a gateway guards against card testing.
 */
export function createSandboxGateway(options: {
  trustProxy: boolean;
  secureCookies: boolean;
  /** The key the sandbox signs its webhooks with; null: it sends none. */
  webhookSecret: string | null;
  /** Sends a webhook to the shop (in-process, through the shop's own HTTP handling). */
  deliver: (request: Request) => Promise<Response>;
}): Hono<AppEnv> {
  const gateway = new Hono<AppEnv>();
  gateway.use(async (c, next) => {
    // Mounted before the visitor middleware (no session here), so it finds the client's address itself.
    c.set("clientIp", clientIp(c, options.trustProxy));
    await next();
    // Card details must never be cached anywhere on the way.
    c.header("cache-control", "no-store");
  });

  gateway.post("/v1/tokenize", async (c) => {
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "cardTokenize"), CARD_TOKENIZE_LIMITED_MESSAGE);
    if (limited) return limited;
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

  // The test bank's 3-D Secure page. Its form is protected by a double-submit token: a random value
  // in a cookie only this path gets (SameSite=Strict) and in the form, compared on post.
  gateway.get("/challenge/:reference", async (c) => {
    const challenge = await findChallenge(c.get("db"), c.req.param("reference").slice(0, 100));
    if (!challenge) return c.html(challengePage(NOT_FOUND_VIEW), 404);
    const token = randomBytes(24).toString("base64url");
    setCookie(c, CHALLENGE_COOKIE, token, { path: "/sandbox-gateway/challenge", httpOnly: true, sameSite: "Strict", secure: options.secureCookies });
    return c.html(challengePage(challengeView(challenge, token)));
  });

  gateway.post("/challenge/:reference", async (c) => {
    const db = c.get("db");
    const clock = c.get("clock");
    const challenge = await findChallenge(db, c.req.param("reference").slice(0, 100));
    if (!challenge) return c.html(challengePage(NOT_FOUND_VIEW), 404);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const sent = typeof form[CHALLENGE_FIELD] === "string" ? form[CHALLENGE_FIELD] : "";
    if (!sameToken(getCookie(c, CHALLENGE_COOKIE) ?? "", sent)) {
      return c.html(challengePage({ heading: "Please try again", body: "<p>This page has expired. Please reload it and choose again.</p>" }), 403);
    }
    if (form.decision !== "approve" && form.decision !== "decline") return apiError(c, 400, "VALIDATION_ERROR", "decision must be approve or decline");
    const approve = form.decision === "approve";
    if (await decideChallenge(db, clock, challenge.reference, approve)) {
      await sendChallengeWebhook(c.get("publicOrigin"), clock.now(), challenge.reference, approve, options).catch((error: unknown) => {
        // The webhook only speeds things up: the shopper's return decides the order anyway.
        c.get("log").warn({ err: error, reference: challenge.reference }, "sandbox webhook not delivered");
      });
    }
    return c.redirect(challenge.returnUrl, 303);
  });
  return gateway;
}

const CHALLENGE_COOKIE = "sandbox_challenge";
const CHALLENGE_FIELD = "token";
const NOT_FOUND_VIEW = { heading: "Payment not found", body: "<p>This payment is not waiting for you.</p>" };

function sameToken(cookie: string, sent: string): boolean {
  if (cookie.length === 0 || cookie.length !== sent.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(sent));
}

/** The sandbox tells the shop the challenge's result, signed as a real gateway's webhook would be. */
async function sendChallengeWebhook(
  origin: string,
  now: Date,
  reference: string,
  approved: boolean,
  options: { webhookSecret: string | null; deliver: (request: Request) => Promise<Response> },
): Promise<void> {
  if (!options.webhookSecret) return;
  const event = { id: `evt_${randomBytes(12).toString("base64url")}`, type: "challenge.completed", data: { reference, result: approved ? "approved" : "declined" } };
  const body = JSON.stringify(event);
  const headers = { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(options.webhookSecret, body, now) };
  const response = await options.deliver(new Request(`${origin}/v1/payments/webhook/sandbox`, { method: "POST", headers, body }));
  if (!response.ok) throw new Error(`the shop answered ${response.status}`);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function challengeView(challenge: SandboxChallenge, token: string): { heading: string; body: string } {
  if (challenge.status !== "waiting") {
    const said = challenge.status === "approved" ? "approved" : challenge.status === "declined" ? "declined" : "cancelled";
    return {
      heading: "Payment already answered",
      body: `<p>You have already ${said} this payment.</p><p><a href="${escape(challenge.returnUrl)}">Back to the shop</a></p>`,
    };
  }
  const amount = formatMoney(challenge.amount, challenge.currency);
  return {
    heading: "Confirm your payment",
    body:
      `<p>The shop asks your bank to confirm a payment of <strong>${escape(amount)}</strong>.</p>` +
      `<form method="post" action="/sandbox-gateway/challenge/${escape(encodeURIComponent(challenge.reference))}">` +
      `<input type="hidden" name="${CHALLENGE_FIELD}" value="${escape(token)}">` +
      `<button type="submit" name="decision" value="approve">Approve</button> ` +
      `<button type="submit" name="decision" value="decline">Decline</button>` +
      `</form>`,
  };
}

/** A plain page, as a bank's own would be: none of the shop's layout, clearly the sandbox. */
function challengePage(view: { heading: string; body: string }): string {
  return (
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(view.heading)} - Sandbox test bank</title></head><body>` +
    `<header><p><strong>Sandbox test bank</strong>: a test page of the sandbox payment gateway. No real bank or money is involved.</p></header>` +
    `<main><h1>${escape(view.heading)}</h1>${view.body}</main></body></html>`
  );
}
