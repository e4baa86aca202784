import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import type { VipMembershipView } from "../../modules/vip/membership";

const date = () => z.string().nullable().openapi({ description: "ISO 8601 instant", example: "2027-11-21T12:00:00.000Z" });

export const SubscriptionCardSchema = z
  .object({
    id: z.number().int(),
    cardType: z.string().nullable(),
    last4: z.string().nullable(),
    expiryMonth: z.number().int().nullable(),
    expiryYear: z.number().int().nullable(),
    allowSubscription: z.boolean(),
  })
  .openapi("SubscriptionCard");

/** The signed-in shopper's VIP membership (spec §4 VIP states) and newsletter subscription. */
export const VipSubscriptionSchema = z
  .object({
    vipStatus: z.enum(["NOT_CHECKED", "ELIGIBLE", "ACTIVE", "RENEW"]),
    member: z.boolean().openapi({ description: "VIP now: ACTIVE or RENEW with the period not over" }),
    optInType: z.enum(["VIP-SUB-FREE-TRIAL", "VIP-SUB-PAID-FLOW"]).nullable(),
    trial: z.boolean(),
    autoRenew: z.boolean(),
    price: z.object({ amount: z.number().int().openapi({ description: "minor units a year" }), currency: z.enum(["GBP", "EUR"]) }),
    memberSince: date(),
    periodStart: date(),
    periodEnd: date(),
    renewsAt: date(),
    renewalChargeAt: date(),
    endsAt: date(),
    renewalCancelledAt: date(),
    lastRenewalFailure: z.string().nullable(),
    card: SubscriptionCardSchema.nullable(),
    trialAvailable: z.boolean(),
    newsletter: z.object({ subscribed: z.boolean() }),
  })
  .openapi("VipSubscription");

export const CancelledSchema = z
  .object({ changed: z.boolean().openapi({ description: "false when renewal was already off" }), message: z.string(), subscription: VipSubscriptionSchema })
  .openapi("SubscriptionCancelled");

export const CardChoiceSchema = z.object({ instrumentId: recordId().optional().openapi({ description: "A saved card of the shopper's that allows subscription; the membership's card when left out" }) });

export const PayRenewalSchema = z.object({ instrumentId: recordId().openapi({ description: "A saved card of the shopper's that allows subscription" }) });

export const UpdateVipStatusSchema = z
  .object({
    vipStatus: z.enum(["ACTIVE"]).openapi({ description: "The status to move to: ACTIVE opts in" }),
    optInType: z.enum(["VIP-SUB-FREE-TRIAL"]).openapi({ description: "The paid flow (VIP-SUB-PAID-FLOW) is the VIP year added at checkout" }),
    instrumentId: recordId().openapi({ description: "The saved card charged when the trial ends (must allow subscription)" }),
  })
  .openapi("UpdateVipStatus");

export const VipInfoSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    name: z.string(),
    price: z.object({ amount: z.number().int(), currency: z.enum(["GBP", "EUR"]) }),
    period: z.literal("P1Y"),
    trialDays: z.number().int(),
    reminderDaysBeforeRenewal: z.number().int(),
    renewalTerms: z.string(),
    benefits: z.array(z.string()),
    subscriptionsUrl: z.string(),
    termsUrl: z.string(),
  })
  .openapi("VipInfo");

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function subscriptionBody(view: VipMembershipView, newsletter: boolean): z.infer<typeof VipSubscriptionSchema> {
  return {
    vipStatus: view.status,
    member: view.member,
    optInType: view.optInType,
    trial: view.trial,
    autoRenew: view.autoRenew,
    price: { amount: view.price, currency: view.currency },
    memberSince: iso(view.memberSince),
    periodStart: iso(view.periodStart),
    periodEnd: iso(view.periodEnd),
    renewsAt: iso(view.renewsAt),
    renewalChargeAt: iso(view.renewalChargeAt),
    endsAt: iso(view.endsAt),
    renewalCancelledAt: iso(view.renewalCancelledAt),
    lastRenewalFailure: view.lastRenewalFailure,
    card: view.card,
    trialAvailable: view.trialAvailable,
    newsletter: { subscribed: newsletter },
  };
}
