import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { isVipActive } from "../accounts/grant-vip";
import { customers } from "../accounts/schema";
import { findInstrument, type SavedInstrument } from "../payments/instruments";
import { recordInitialStatus, transition, type Actor } from "../states/transition";
import { type VipOptInType, type VipStatus, vipMemberships } from "./schema";
import { renewalDueAt, VIP_YEARLY_PRICE } from "./vip-terms";
import { VIP_PROCESS } from "./vip-process";

export type VipMembership = typeof vipMemberships.$inferSelect;

/** What the membership screens and emails need of the customer. */
export interface MemberFacts {
  brand: BrandId;
  currency: Currency;
  email: string;
  firstName: string;
  vipUser: boolean;
  vipExpiresAt: Date | null;
}

export async function memberFacts(db: Db, customerId: number): Promise<MemberFacts | null> {
  const [row] = await db
    .select({ brand: customers.brand, email: customers.email, firstName: customers.firstName, vipUser: customers.vipUser, vipExpiresAt: customers.vipExpiresAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ? { ...row, currency: BRANDS[row.brand].currency } : null;
}

/** The customer's membership row, locked for the caller's transaction (null: none yet). */
export async function lockMembership(tx: Db, customerId: number): Promise<VipMembership | null> {
  const [row] = await tx.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId)).for("update");
  return row ?? null;
}

/**
 * The customer's membership, locked, created first if they have none: ELIGIBLE, or, for a customer
 * whose VIP flag is on without a membership (VIP given before memberships existed), ACTIVE for the
 * flag's period without renewal (they never agreed to one). Runs in the caller's transaction.
 */
export async function ensureMembership(tx: Db, request: { customerId: number; now: Date; actor: Actor }): Promise<VipMembership> {
  const existing = await lockMembership(tx, request.customerId);
  if (existing) return existing;
  const facts = await memberFacts(tx, request.customerId);
  if (!facts) throw new Error(`customer ${request.customerId} not found`);
  const flaggedVip = isVipActive(facts, request.now);
  const created = await tx
    .insert(vipMemberships)
    .values({
      customerId: request.customerId,
      brand: facts.brand,
      currency: facts.currency,
      status: flaggedVip ? "ACTIVE" : "ELIGIBLE",
      optInType: flaggedVip ? "VIP-SUB-PAID-FLOW" : null,
      renewalPrice: VIP_YEARLY_PRICE[facts.currency],
      autoRenew: false,
      memberSince: flaggedVip ? request.now : null,
      periodStart: flaggedVip ? request.now : null,
      periodEnd: flaggedVip ? facts.vipExpiresAt : null,
      createdAt: request.now,
      updatedAt: request.now,
    })
    .onConflictDoNothing({ target: vipMemberships.customerId })
    .returning();
  if (created.length > 0) {
    await recordInitialStatus(tx, VIP_PROCESS, created, { actor: request.actor, at: request.now, reason: flaggedVip ? "VIP before memberships" : "Status looked up" });
  }
  // Created here, or by a concurrent request a moment ago: lock it either way.
  const row = await lockMembership(tx, request.customerId);
  if (!row) throw new Error(`membership of customer ${request.customerId} not created`);
  return row;
}

/** Whether the membership gives VIP now: ACTIVE or RENEW and its period not over. */
export function isMember(membership: Pick<VipMembership, "status" | "periodEnd">, now: Date): boolean {
  if (membership.status !== "ACTIVE" && membership.status !== "RENEW") return false;
  return membership.periodEnd === null || membership.periodEnd.getTime() > now.getTime();
}

/** A saved card as the membership screens show it (never its token). */
export interface MembershipCard {
  id: number;
  cardType: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  /** Spec §5: only an instrument flagging allowSubscription as boolean true may pay a subscription. */
  allowSubscription: boolean;
}

export function membershipCard(instrument: SavedInstrument): MembershipCard {
  return {
    id: instrument.id,
    cardType: instrument.cardType,
    last4: instrument.last4,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
    allowSubscription: instrument.allowSubscription === true,
  };
}

/** A customer's VIP membership as My Subscriptions and GET /v1/subscription show it. */
export interface VipMembershipView {
  status: VipStatus;
  /** VIP now (ACTIVE or RENEW, period not over). */
  member: boolean;
  optInType: VipOptInType | null;
  trial: boolean;
  autoRenew: boolean;
  /** The yearly price renewals charge, in minor units. */
  price: number;
  currency: Currency;
  memberSince: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The date it renews (charged from renewalChargeAt), when it will. */
  renewsAt: Date | null;
  renewalChargeAt: Date | null;
  /** The date VIP ends, when it will not renew (or the renewal payment failed). */
  endsAt: Date | null;
  renewalCancelledAt: Date | null;
  /** Why the last renewal charge failed (a payment decline code), in RENEW. */
  lastRenewalFailure: string | null;
  card: MembershipCard | null;
  /** A free trial may be started: never a member before. */
  trialAvailable: boolean;
}

export function membershipView(membership: VipMembership, card: SavedInstrument | null, now: Date): VipMembershipView {
  const member = isMember(membership, now);
  const renewing = member && membership.status === "ACTIVE" && membership.autoRenew && membership.periodEnd !== null;
  return {
    status: membership.status,
    member,
    optInType: membership.optInType,
    trial: membership.trial,
    autoRenew: membership.autoRenew,
    price: membership.renewalPrice,
    currency: membership.currency,
    memberSince: membership.memberSince,
    periodStart: membership.periodStart,
    periodEnd: membership.periodEnd,
    renewsAt: renewing ? membership.periodEnd : null,
    renewalChargeAt: renewing && membership.periodEnd ? renewalDueAt({ periodEnd: membership.periodEnd, trial: membership.trial }) : null,
    endsAt: member && !renewing ? membership.periodEnd : null,
    renewalCancelledAt: membership.renewalCancelledAt,
    lastRenewalFailure: membership.status === "RENEW" ? membership.lastRenewalFailure : null,
    card: card ? membershipCard(card) : null,
    trialAvailable: !member && membership.memberSince === null,
  };
}

/** The membership's view with its card, read in the caller's transaction or database. */
export async function viewOf(db: Db, membership: VipMembership, now: Date): Promise<VipMembershipView> {
  const card = membership.instrumentId === null ? null : await findInstrument(db, membership.customerId, membership.instrumentId);
  return membershipView(membership, card, now);
}

/**
 * Looks up a signed-in customer's VIP status (spec §4): the first look creates their membership
 * (ELIGIBLE, or ACTIVE for a VIP flag set before memberships), and a NOT_CHECKED one becomes
 * ELIGIBLE. Answers what My Subscriptions shows.
 */
export async function lookupVipStatus(db: Db, request: { customerId: number; now: Date; actor: Actor }): Promise<VipMembershipView> {
  return db.transaction(async (tx) => {
    let membership = await ensureMembership(tx, request);
    if (membership.status === "NOT_CHECKED") {
      await transition(tx, VIP_PROCESS, { id: membership.id, from: "NOT_CHECKED", to: "ELIGIBLE", actor: request.actor, at: request.now, reason: "Status looked up", set: { updatedAt: request.now } });
      membership = { ...membership, status: "ELIGIBLE", updatedAt: request.now };
    }
    return viewOf(tx, membership, request.now);
  });
}
