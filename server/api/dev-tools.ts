import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { expireWalletCredit, WALLET_EXPIRY_JOB } from "../../modules/wallet/expire-credit";
import { remindExpiringCredit, WALLET_REMINDER_JOB } from "../../modules/wallet/remind-expiring-credit";
import { addWalletCredit, walletBalance } from "../../modules/wallet/wallet";
import { VIP_EXPIRE_JOB } from "../../modules/vip/expire-memberships";
import { VIP_REMIND_RENEWAL_JOB } from "../../modules/vip/remind-renewal";
import { VIP_RENEW_JOB } from "../../modules/vip/renew-membership";
import { runVipDevJob } from "../vip/dev-jobs";
import type { AppEnv } from "../context";
import { SIGN_IN_REQUIRED_MESSAGE } from "./checkout";
import { apiError } from "../errors";
import { errors, json } from "./account-schemas";
import { DEV_CLOCK_COOKIE, devClockDays, MAX_DEV_CLOCK_DAYS } from "../dev-clock";

const walletCreditRoute = createRoute({
  method: "post",
  path: "/dev/wallet-credit",
  summary: "Development only (DEV_TOOLS=on): add refundable wallet credit to the signed-in customer, in the brand's currency",
  request: { body: json(z.object({ amount: z.number().int().min(1).max(100_000).openapi({ description: "minor units" }) })) },
  responses: {
    201: { description: "The new balance", ...json(z.object({ currency: z.enum(["GBP", "EUR"]), refundableBalance: z.number().int(), marketingBalance: z.number().int() })) },
    default: errors("401 not signed in"),
  },
});

const clockRoute = createRoute({
  method: "post",
  path: "/dev/clock",
  summary: "Development only (DEV_TOOLS=on): move this browser's clock forward (a cookie), e.g. past a voucher's 14-day refund window",
  request: { body: json(z.object({ advanceDays: z.number().int().min(1).max(MAX_DEV_CLOCK_DAYS) })) },
  responses: {
    200: { description: "The time this browser now lives in", ...json(z.object({ now: z.string(), daysAhead: z.number().int() })) },
    default: errors("400 more than 800 days ahead in all"),
  },
});

const runJobRoute = createRoute({
  method: "post",
  path: "/dev/run-job",
  summary:
    "Development only (DEV_TOOLS=on): run one wallet or VIP job now, at this browser's clock, for the signed-in shopper only (after POST /dev/clock, to see credit expire or VIP remind, renew and end)",
  request: {
    body: json(
      z.object({
        name: z.enum([
          WALLET_EXPIRY_JOB,
          WALLET_REMINDER_JOB,
          VIP_REMIND_RENEWAL_JOB,
          VIP_RENEW_JOB,
          VIP_EXPIRE_JOB,
        ]),
      }),
    ),
  },
  responses: {
    200: { description: "How many credits expired, reminder emails were queued, memberships renewed (or failed) or ended", ...json(z.object({ name: z.string(), count: z.number().int(), now: z.string() })) },
    default: errors("401 not signed in; 400 unknown job"),
  },
});

/**
 * Development aids for trying the shop out (and for browser journeys): credit arrives in a real
 * shop from gift cards, refunds and referrals, none of which a fresh demo account has. Never on
 * in production unless DEV_TOOLS=on.
 */
export function registerDevToolRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(walletCreditRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const { currency } = c.get("brand");
    const db = c.get("db");
    await addWalletCredit(db, {
      customerId: customer.id,
      currency,
      balanceType: "refundable",
      amount: c.req.valid("json").amount,
      reason: "goodwill",
      description: "Development credit",
      at: c.get("clock").now(),
    });
    const balance = await walletBalance(db, customer.id, currency);
    return c.json({ currency, refundableBalance: balance.refundable, marketingBalance: balance.marketing }, 201);
  });
  // The jobs keep real time and act for everyone; a browser that time-travelled runs the wallet's
  // at its own clock, for its own shopper only, so no other shopper's credit expires early.
  api.openapi(runJobRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const { name } = c.req.valid("json");
    const now = c.get("clock").now();
    const db = c.get("db");
    if (name === VIP_REMIND_RENEWAL_JOB || name === VIP_RENEW_JOB || name === VIP_EXPIRE_JOB) {
      return c.json({ name, count: await runVipDevJob(c.var, name, customer.id), now: now.toISOString() }, 200);
    }
    const count =
      name === WALLET_EXPIRY_JOB
        ? await expireWalletCredit(db, now, { customerId: customer.id })
        : await remindExpiringCredit(db, { now, customerId: customer.id, linkOrigin: () => c.get("publicOrigin") });
    return c.json({ name, count, now: now.toISOString() }, 200);
  });
  // Time travel: the after-sale rules (refund windows, Deal Protection, expiry) are about days passing.
  api.openapi(clockRoute, (c) => {
    const { advanceDays } = c.req.valid("json");
    const daysAhead = devClockDays(c.get("cookies").get(DEV_CLOCK_COOKIE)) + advanceDays;
    if (daysAhead > MAX_DEV_CLOCK_DAYS) return apiError(c, 400, "TOO_FAR_AHEAD", `The clock goes at most ${MAX_DEV_CLOCK_DAYS} days ahead.`);
    c.get("cookies").set(DEV_CLOCK_COOKIE, String(daysAhead), { maxAgeSeconds: 7 * 86_400 });
    return c.json({ now: new Date(c.get("clock").now().getTime() + advanceDays * 86_400_000).toISOString(), daysAhead }, 200);
  });
}
