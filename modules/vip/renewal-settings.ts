import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enqueue } from "../mail/outbox";
import { findInstrument } from "../payments/instruments";
import { recordStatusEvent } from "../states/record-event";
import type { Actor } from "../states/transition";
import { isMember, lockMembership, memberFacts, type VipMembershipView, viewOf } from "./membership";
import { renewalCancelledEmail } from "./membership-emails";
import { VipMembershipError } from "./membership-errors";
import { vipMemberships } from "./schema";
import { VIP_PROCESS } from "./vip-process";

interface RenewalChange {
  customerId: number;
  now: Date;
  actor: Actor;
  linkOrigin: string;
  /** Why, in the status history: customer service gives theirs; the shopper's own click needs none. */
  reason?: string;
}

/**
 * "Cancel renewal" in My Subscriptions: one click, no questions. Renewal goes off, nothing more is
 * charged, and the member stays VIP until the period ends (vip.expire then ends it). Safe to repeat:
 * a second click changes nothing and answers the same. A confirmation email says until when.
 */
export async function cancelRenewal(db: Db, request: RenewalChange): Promise<{ changed: boolean; membership: VipMembershipView }> {
  const { now, actor } = request;
  return db.transaction(async (tx) => {
    const membership = await lockMembership(tx, request.customerId);
    if (!membership || !isMember(membership, now)) throw new VipMembershipError("NOT_A_MEMBER");
    if (!membership.autoRenew) return { changed: false, membership: await viewOf(tx, membership, now) };
    const set = { autoRenew: false, renewalCancelledAt: now, updatedAt: now };
    await tx.update(vipMemberships).set(set).where(eq(vipMemberships.id, membership.id));
    await recordStatusEvent(tx, VIP_PROCESS, {
      id: membership.id,
      status: membership.status,
      event: "renewal_cancelled",
      actor,
      at: now,
      reason: request.reason ?? "Renewal cancelled in My Subscriptions",
      data: { periodEnd: membership.periodEnd?.toISOString() ?? null },
    });
    const facts = await memberFacts(tx, request.customerId);
    if (facts && membership.periodEnd) await enqueue(tx, renewalCancelledEmail(facts, request.linkOrigin, { periodEnd: membership.periodEnd }), { now: () => now });
    return { changed: true, membership: await viewOf(tx, { ...membership, ...set }, now) };
  });
}

/**
 * Turns renewal back on (after a cancel, or for a year bought without it): the member agrees to
 * the price and terms shown beside the button, with a saved card that allows subscription (spec
 * §5). Only while ACTIVE and the period has an end still to come; in RENEW the way back is to pay.
 */
export async function resumeRenewal(db: Db, request: RenewalChange & { instrumentId: number | null }): Promise<VipMembershipView> {
  const { now, actor } = request;
  return db.transaction(async (tx) => {
    const membership = await lockMembership(tx, request.customerId);
    if (!membership || !isMember(membership, now)) throw new VipMembershipError("NOT_A_MEMBER");
    if (membership.status !== "ACTIVE") throw new VipMembershipError("NOTHING_TO_PAY", "Your last renewal payment failed: please pay for your VIP year first.");
    if (membership.periodEnd === null) throw new VipMembershipError("NOTHING_TO_RENEW");
    const instrumentId = request.instrumentId ?? membership.instrumentId;
    if (instrumentId === null) throw new VipMembershipError("CARD_REQUIRED");
    const card = await findInstrument(tx, request.customerId, instrumentId);
    if (!card) throw new VipMembershipError("CARD_REQUIRED");
    if (card.allowSubscription !== true) throw new VipMembershipError("SUBSCRIPTION_NOT_ALLOWED");
    if (membership.autoRenew && membership.instrumentId === card.id) return viewOf(tx, membership, now);
    const set = { autoRenew: true, instrumentId: card.id, renewalCancelledAt: null, updatedAt: now };
    await tx.update(vipMemberships).set(set).where(eq(vipMemberships.id, membership.id));
    await recordStatusEvent(tx, VIP_PROCESS, {
      id: membership.id,
      status: "ACTIVE",
      event: "renewal_resumed",
      actor,
      at: now,
      reason: "Renewal turned on in My Subscriptions",
      data: { instrumentId: card.id, periodEnd: membership.periodEnd.toISOString() },
    });
    return viewOf(tx, { ...membership, ...set }, now);
  });
}
