import type { Db } from "../../db/client";
import { setVipPeriod } from "../accounts/grant-vip";
import { enqueue } from "../mail/outbox";
import { findInstrument } from "../payments/instruments";
import { transition, type Actor } from "../states/transition";
import { ensureMembership, isMember, memberFacts, type VipMembershipView, viewOf } from "./membership";
import { trialStartedEmail } from "./membership-emails";
import { VipMembershipError } from "./membership-errors";
import { VIP_PROCESS } from "./vip-process";
import { daysAfter, VIP_TRIAL_DAYS, VIP_YEARLY_PRICE } from "./vip-terms";

/**
 * Opt-in type VIP-SUB-FREE-TRIAL: a shopper who has never been a VIP starts a 60-day free trial
 * with a saved card that allows subscription (spec §5: allowSubscription boolean true). Nothing is
 * charged now; the trial renews into a paid year at its end (vip.renew), after the reminder
 * (vip.remind-renewal), unless cancelled. One transaction: the membership, its history, the VIP
 * flag and the confirmation email.
 */
export async function startFreeTrial(
  db: Db,
  request: { customerId: number; instrumentId: number | null; now: Date; actor: Actor; linkOrigin: string },
): Promise<VipMembershipView> {
  const { now, actor } = request;
  return db.transaction(async (tx) => {
    const membership = await ensureMembership(tx, request);
    if (isMember(membership, now)) throw new VipMembershipError("ALREADY_VIP");
    if (membership.memberSince !== null) throw new VipMembershipError("TRIAL_NOT_AVAILABLE");
    if (request.instrumentId === null) throw new VipMembershipError("CARD_REQUIRED");
    const card = await findInstrument(tx, request.customerId, request.instrumentId);
    if (!card) throw new VipMembershipError("CARD_REQUIRED");
    if (card.allowSubscription !== true) throw new VipMembershipError("SUBSCRIPTION_NOT_ALLOWED");

    const periodEnd = daysAfter(now, VIP_TRIAL_DAYS);
    const set = {
      optInType: "VIP-SUB-FREE-TRIAL" as const,
      trial: true,
      renewalPrice: VIP_YEARLY_PRICE[membership.currency],
      autoRenew: true,
      instrumentId: card.id,
      memberSince: now,
      periodStart: now,
      periodEnd,
      remindedForPeriodEnd: null,
      renewalCancelledAt: null,
      lastRenewalFailure: null,
      renewalAttempts: 0,
      updatedAt: now,
    };
    await transition(tx, VIP_PROCESS, {
      id: membership.id,
      from: membership.status,
      to: "ACTIVE",
      actor,
      at: now,
      reason: "Free trial started",
      data: { optInType: set.optInType, trialDays: VIP_TRIAL_DAYS, periodEnd: periodEnd.toISOString() },
      set,
    });
    await setVipPeriod(tx, request.customerId, { vip: true, until: periodEnd, now });
    const facts = await memberFacts(tx, request.customerId);
    if (facts) await enqueue(tx, trialStartedEmail(facts, request.linkOrigin, { periodEnd, price: set.renewalPrice, card }), { now: () => now });
    return viewOf(tx, { ...membership, ...set, status: "ACTIVE" }, now);
  });
}
