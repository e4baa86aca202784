import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { creditCustomerPurchasePoints, LOYALTY_PURCHASE_JOB } from "../../modules/loyalty/credit-purchase-points";
import { expireLoyaltyPoints, LOYALTY_EXPIRY_JOB } from "../../modules/loyalty/expire-points";
import { REFERRAL_REWARD_JOB, rewardReferrals } from "../../modules/referrals/reward-referrals";
import { expireWalletCredit, WALLET_EXPIRY_JOB } from "../../modules/wallet/expire-credit";
import { remindExpiringCredit, WALLET_REMINDER_JOB } from "../../modules/wallet/remind-expiring-credit";
import { addWalletCredit, walletBalance } from "../../modules/wallet/wallet";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { inviteVipRefund } from "../../modules/vip-rewards/invite-refund";
import { processVipRefundRequests, VIP_REFUND_JOB } from "../../modules/vip-rewards/process-refund-requests";
import { VIP_EXPIRE_JOB } from "../../modules/vip/expire-memberships";
import { VIP_REMIND_RENEWAL_JOB } from "../../modules/vip/remind-renewal";
import { VIP_RENEW_JOB } from "../../modules/vip/renew-membership";
import { runVipDevJob } from "../vip/dev-jobs";
import type { AppEnv, RequestServices } from "../context";
import { findOpenTravelOption, openDatedNights } from "../../modules/travel/open-dated-nights";
import { isCalendarDay } from "../../modules/travel/stay-rules";
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

/** What a dev-run job is given: the browser's clock, and the signed-in shopper it acts for only. */
interface DevJobRun {
  db: Db;
  now: Date;
  clock: Clock;
  services: Pick<RequestServices, "db" | "clock" | "publicOrigin" | "log" | "adapters">;
  customerId: number;
  linkOrigin: () => string;
}

/**
 * The jobs a browser may run at its own clock, each for the signed-in shopper only (so no other
 * shopper's credit expires early): the count is what the job did (credits expired, emails
 * queued, points credited, referrals settled…). Add a feature's jobs here.
 */
const DEV_JOBS = {
  [WALLET_EXPIRY_JOB]: ({ db, now, customerId }: DevJobRun) => expireWalletCredit(db, now, { customerId }),
  [WALLET_REMINDER_JOB]: ({ db, now, customerId, linkOrigin }: DevJobRun) => remindExpiringCredit(db, { now, customerId, linkOrigin }),
  // Club points: the shopper's vouchers 30 days old earn theirs; their points 6 months old expire.
  [LOYALTY_PURCHASE_JOB]: ({ db, now, customerId }: DevJobRun) => creditCustomerPurchasePoints(db, now, customerId),
  [LOYALTY_EXPIRY_JOB]: ({ db, now, customerId }: DevJobRun) => expireLoyaltyPoints(db, now, { customerId }),
  // Refer a friend's rewards: only the signed-in referrer's friends, counted rewarded or voided.
  [REFERRAL_REWARD_JOB]: async ({ db, now, customerId, linkOrigin }: DevJobRun) => {
    const outcome = await rewardReferrals(db, { now, referrerCustomerId: customerId, linkOrigin });
    return outcome.rewarded + outcome.voided;
  },
  // The VIP refund form's answers: only the signed-in shopper's requests.
  [VIP_REFUND_JOB]: ({ db, clock, customerId, linkOrigin }: DevJobRun) => processVipRefundRequests(db, { clock, linkOrigin }, { customerId }),
  // VIP: the renewal reminder, the renewal charge and the end of unrenewed memberships.
  [VIP_REMIND_RENEWAL_JOB]: ({ services, customerId }: DevJobRun) => runVipDevJob(services, VIP_REMIND_RENEWAL_JOB, customerId),
  [VIP_RENEW_JOB]: ({ services, customerId }: DevJobRun) => runVipDevJob(services, VIP_RENEW_JOB, customerId),
  [VIP_EXPIRE_JOB]: ({ services, customerId }: DevJobRun) => runVipDevJob(services, VIP_EXPIRE_JOB, customerId),
} satisfies Record<string, (run: DevJobRun) => Promise<number>>;

const DEV_JOB_NAMES = Object.keys(DEV_JOBS) as [keyof typeof DEV_JOBS, ...(keyof typeof DEV_JOBS)[]];

const runJobRoute = createRoute({
  method: "post",
  path: "/dev/run-job",
  summary:
    "Development only (DEV_TOOLS=on): run one job now (wallet expiry and reminders, Club points, referral rewards, VIP renewals…), at this browser's clock, for the signed-in shopper only (after POST /dev/clock)",
  request: { body: json(z.object({ name: z.enum(DEV_JOB_NAMES) })) },
  responses: {
    200: { description: "How much the job did (credits expired, emails queued, points credited, referrals settled…)", ...json(z.object({ name: z.string(), count: z.number().int(), now: z.string() })) },
    default: errors("401 not signed in; 400 unknown job"),
  },
});

const vipRefundInviteRoute = createRoute({
  method: "post",
  path: "/dev/vip-refund-invite",
  summary:
    "Development only (DEV_TOOLS=on): invite the signed-in shopper to the VIP cash-refund form (what `npm run vip-refunds -- invite` does): the link is emailed (development mailbox)",
  responses: {
    201: { description: "The invitation", ...json(z.object({ requestId: z.number().int(), paidAmount: z.number().int(), expiresAt: z.string() })) },
    default: errors("401 not signed in; 409 nothing paid for VIP to refund"),
  },
});

const travelStayRoute = createRoute({
  method: "post",
  path: "/dev/travel-stay",
  summary:
    "Development only (DEV_TOOLS=on): open a travel deal of this market for dated sale on a run of nights (rates and rooms a night), so a stay can be booked and paid for",
  request: {
    body: json(
      z.object({
        checkIn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        nights: z.number().int().min(1).max(60),
        capacity: z.number().int().min(1).max(20),
        calendarWithAdminFee: z.boolean().optional().openapi({ description: "open an option with an admin fee on a deal booked on its calendar" }),
      }),
    ),
  },
  responses: {
    200: {
      description: "The deal and option opened, and its price per room per night",
      ...json(z.object({ dealId: z.number().int(), productId: z.number().int(), headline: z.string(), friendlyName: z.string(), urlPath: z.string(), pricePerNight: z.number().int() })),
    },
    default: errors("404 no travel deal in this market; 400 not a date"),
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
  // The jobs keep real time and act for everyone; a browser that time-travelled runs one at its own clock.
  api.openapi(runJobRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const { name } = c.req.valid("json");
    const now = c.get("clock").now();
    const count = await DEV_JOBS[name]({ db: c.get("db"), now, clock: c.get("clock"), services: c.var, customerId: customer.id, linkOrigin: () => c.get("publicOrigin") });
    return c.json({ name, count, now: now.toISOString() }, 200);
  });
  // The VIP refund form is reached only from an emailed invitation, which staff send (a CLI).
  api.openapi(vipRefundInviteRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return apiError(c, 401, "NOT_SIGNED_IN", SIGN_IN_REQUIRED_MESSAGE);
    const invitation = await inviteVipRefund(c.get("db"), c.get("clock"), {
      customerId: customer.id,
      actor: { type: "system", id: "dev-tools" },
      linkOrigin: () => c.get("publicOrigin"),
    });
    return c.json({ requestId: invitation.requestId, paidAmount: invitation.paidAmount, expiresAt: invitation.expiresAt.toISOString() }, 201);
  });
  // Travel journeys and demos: a stay needs rates and rooms on its nights (the seed makes a year of them).
  api.openapi(travelStayRoute, async (c) => {
    const { checkIn, nights, capacity, calendarWithAdminFee } = c.req.valid("json");
    if (!isCalendarDay(checkIn)) return apiError(c, 400, "VALIDATION_ERROR", "checkIn: not a date");
    const db = c.get("db");
    const option = await findOpenTravelOption(db, { countryCode: c.get("brand").countryCode, now: c.get("clock").now(), calendarWithAdminFee });
    if (!option) return apiError(c, 404, "NOT_FOUND", "No travel deal is on sale in this market.");
    await openDatedNights(db, { productId: option.productId, dealId: option.dealId, from: checkIn, nights, price: option.price, vipPrice: option.vipPrice, capacity });
    return c.json({ dealId: option.dealId, productId: option.productId, headline: option.headline, friendlyName: option.friendlyName, urlPath: option.urlPath, pricePerNight: option.price }, 200);
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
