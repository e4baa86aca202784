import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { oneYearFrom, setVipPeriod } from "../accounts/grant-vip";
import { enqueue } from "../mail/outbox";
import { findInstrument, listInstruments, type SavedInstrument } from "../payments/instruments";
import { recordStatusEvent } from "../states/record-event";
import { transition, type Actor } from "../states/transition";
import { ensureMembership, isMember, memberFacts, type VipMembership } from "./membership";
import { vipYearEmail } from "./membership-emails";
import { vipCharges, vipMemberships } from "./schema";
import { VIP_PROCESS } from "./vip-process";
import { eq } from "drizzle-orm";

export interface VipYearBought {
  customerId: number;
  orderId: number;
  /** What the VIP add-on line cost (minor units): the year's charge, and the price renewals keep. */
  amount: number;
  currency: Currency;
  now: Date;
  actor: Actor;
  /** The shopper ticked "renew every year" at checkout (never ticked for them). */
  renewRequested: boolean;
  /** How the order was paid, when with an instrument saved for the customer: a saved card, or one saved with this order. */
  paidWith: { instrumentId: number } | { vaultedToken: string } | null;
  /** Origin for the link in the welcome email. */
  linkOrigin: string;
}

/** The instrument renewals may charge: saved for the customer, and allowing subscription (spec §5: boolean true). */
async function renewalInstrument(tx: Db, customerId: number, paidWith: VipYearBought["paidWith"]): Promise<SavedInstrument | null> {
  if (!paidWith) return null;
  const instrument =
    "instrumentId" in paidWith
      ? await findInstrument(tx, customerId, paidWith.instrumentId)
      : ((await listInstruments(tx, customerId)).find((saved) => saved.token === paidWith.vaultedToken) ?? null);
  return instrument?.allowSubscription === true ? instrument : null;
}

/**
 * The VIP year add-on (VVE, opt-in type VIP-SUB-PAID-FLOW) was bought: an order-placed step, in the
 * order's transaction. It starts a membership (or, while one runs, adds a year after its end; in
 * RENEW this is the way to pay), records the year's charge against the order, and sets the VIP
 * flag prices read. Renewal is switched on only when the shopper agreed to it AND paid with an
 * instrument saved for them that allows subscription; otherwise the year simply ends. A
 * membership that was renewing keeps renewing. The welcome email says which.
 */
export async function buyVipYear(tx: Db, bought: VipYearBought): Promise<VipMembership> {
  const { now, actor } = bought;
  const membership = await ensureMembership(tx, bought);
  const running = isMember(membership, now);
  if (running && membership.periodEnd === null) {
    // VIP without an end (given by staff): the year adds nothing; its payment is still recorded.
    await recordCharge(tx, membership, bought, now, oneYearFrom(now));
    return membership;
  }
  const start = running && membership.periodEnd ? membership.periodEnd : now;
  const end = oneYearFrom(start);
  const instrument = bought.renewRequested ? await renewalInstrument(tx, bought.customerId, bought.paidWith) : null;
  const keepsRenewing = running && membership.autoRenew && membership.instrumentId !== null;
  const autoRenew = instrument !== null || keepsRenewing;
  const set = {
    optInType: "VIP-SUB-PAID-FLOW" as const,
    renewalPrice: bought.amount,
    autoRenew,
    instrumentId: instrument?.id ?? (keepsRenewing ? membership.instrumentId : null),
    memberSince: membership.memberSince ?? now,
    periodStart: running ? (membership.periodStart ?? now) : now,
    periodEnd: end,
    trial: false,
    renewalCancelledAt: autoRenew ? null : membership.renewalCancelledAt,
    lastRenewalFailure: null,
    renewalAttempts: 0,
    updatedAt: now,
  };
  const data = { orderId: bought.orderId, periodEnd: end.toISOString(), autoRenew };
  if (membership.status === "ACTIVE") {
    await tx.update(vipMemberships).set(set).where(eq(vipMemberships.id, membership.id));
    await recordStatusEvent(tx, VIP_PROCESS, { id: membership.id, status: "ACTIVE", event: "year_bought", actor, at: now, reason: "VIP year bought at checkout", data });
  } else {
    await transition(tx, VIP_PROCESS, { id: membership.id, from: membership.status, to: "ACTIVE", actor, at: now, reason: "VIP year bought at checkout", data, set });
  }
  await recordCharge(tx, membership, bought, start, end);
  await setVipPeriod(tx, bought.customerId, { vip: true, until: end, now });
  const facts = await memberFacts(tx, bought.customerId);
  const card = instrument ?? (set.instrumentId !== null ? await findInstrument(tx, bought.customerId, set.instrumentId) : null);
  if (facts) await enqueue(tx, vipYearEmail(facts, bought.linkOrigin, { periodEnd: end, renews: autoRenew, price: bought.amount, card }), { now: () => now });
  return { ...membership, ...set, status: "ACTIVE" };
}

/**
 * The paid year's row in vip_charges (one per membership and period start), paid through the
 * order. A renewal that failed for the same period (RENEW) is the same row, now paid.
 */
async function recordCharge(tx: Db, membership: VipMembership, bought: VipYearBought, periodStart: Date, periodEnd: Date): Promise<void> {
  const paid = {
    periodEnd,
    amount: bought.amount,
    currency: bought.currency,
    status: "paid" as const,
    idempotencyKey: `vip-order-${bought.orderId}`,
    orderId: bought.orderId,
    authorizationId: null,
    failure: null,
    updatedAt: bought.now,
  };
  await tx
    .insert(vipCharges)
    .values({ membershipId: membership.id, customerId: bought.customerId, periodStart, createdAt: bought.now, ...paid })
    .onConflictDoUpdate({ target: [vipCharges.membershipId, vipCharges.periodStart], set: paid });
}
