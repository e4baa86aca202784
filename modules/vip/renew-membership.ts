import { and, asc, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { oneYearFrom, setVipPeriod } from "../accounts/grant-vip";
import { enqueue } from "../mail/outbox";
import type { DeclineCode } from "../payments/errors";
import { findInstrument, gatewayCustomerRef, type SavedInstrument } from "../payments/instruments";
import type { PaymentProvider } from "../payments/provider";
import { recordStatusEvent } from "../states/record-event";
import { transition, type Actor } from "../states/transition";
import { memberFacts, type VipMembership, type VipMembershipView, viewOf } from "./membership";
import { renewalFailedEmail, renewedEmail } from "./membership-emails";
import { VipMembershipError } from "./membership-errors";
import { vipCharges, vipMemberships } from "./schema";
import { VIP_PROCESS } from "./vip-process";
import { daysAfter, renewalDueAt, VIP_RENEWAL_LEAD_DAYS } from "./vip-terms";

export const VIP_RENEW_JOB = "vip.renew";

export interface RenewalServices {
  provider: PaymentProvider;
  /** Origin for links in emails, per brand. */
  linkOrigin: (brand: BrandId) => string;
  log?: Logger;
}

/** Who asks: the renewal job (ACTIVE, renewal on, reminded, due), or the member paying in RENEW with a saved card. */
type Payer = { kind: "job" } | { kind: "shopper"; instrumentId: number | null };

type Charge = typeof vipCharges.$inferSelect;

export type RenewalOutcome =
  | { outcome: "renewed"; periodEnd: Date }
  | { outcome: "failed"; decline: DeclineCode | null }
  /** Not due (any more): another run renewed it, or it changed meanwhile. */
  | { outcome: "skipped" };

const sameInstant = (a: Date | null, b: Date | null) => a !== null && b !== null && a.getTime() === b.getTime();

/** The idempotency key of one charge attempt for one period: the same attempt always sends the same key. */
const chargeKey = (membership: VipMembership, periodStart: Date, attempt: number) => `vip-renewal-${membership.id}-${periodStart.getTime()}-${attempt}`;

function isDue(membership: VipMembership, payer: Payer, now: Date): boolean {
  if (membership.periodEnd === null) return false;
  if (payer.kind === "shopper") return membership.status === "RENEW" && membership.periodEnd.getTime() > now.getTime();
  return (
    membership.status === "ACTIVE" &&
    membership.autoRenew &&
    // Never before the reminder for this very renewal was sent.
    sameInstant(membership.remindedForPeriodEnd, membership.periodEnd) &&
    renewalDueAt({ periodEnd: membership.periodEnd, trial: membership.trial }).getTime() <= now.getTime()
  );
}

interface Prepared {
  membership: VipMembership;
  charge: Charge;
  card: SavedInstrument;
}

/**
 * Step 1, under the membership's row lock: checks the renewal is due and the card allows
 * subscription, and claims the period's charge row (vip_charges is unique per membership and
 * period start). A pending row left by a crashed or concurrent run is taken over with its key, so
 * the gateway sees the same request again and charges once.
 */
async function prepare(db: Db, services: RenewalServices, membershipId: number, payer: Payer, now: Date, actor: Actor): Promise<Prepared | RenewalOutcome> {
  return db.transaction(async (tx) => {
    const [membership] = await tx.select().from(vipMemberships).where(eq(vipMemberships.id, membershipId)).for("update");
    if (!membership || !isDue(membership, payer, now) || membership.periodEnd === null) {
      if (payer.kind === "shopper") throw new VipMembershipError(membership?.status === "RENEW" ? "MEMBERSHIP_ENDED" : "NOTHING_TO_PAY");
      return { outcome: "skipped" };
    }
    const periodStart = membership.periodEnd;
    const instrumentId = payer.kind === "shopper" ? payer.instrumentId : membership.instrumentId;
    const card = instrumentId === null ? null : await findInstrument(tx, membership.customerId, instrumentId);
    // Spec §5: a subscription is charged only to an instrument flagging allowSubscription as boolean true.
    if (!card || card.allowSubscription !== true) {
      if (payer.kind === "shopper") throw new VipMembershipError(card ? "SUBSCRIPTION_NOT_ALLOWED" : "CARD_REQUIRED");
      const [charge] = await tx
        .insert(vipCharges)
        .values(chargeRow(membership, periodStart, chargeKey(membership, periodStart, 1), now, { status: "failed", failure: "NO_INSTRUMENT" }))
        .onConflictDoNothing()
        .returning();
      if (charge) await recordFailure(tx, services, membership, charge, null, card, now, actor);
      return { outcome: "failed", decline: null };
    }
    const [existing] = await tx
      .select()
      .from(vipCharges)
      .where(and(eq(vipCharges.membershipId, membership.id), eq(vipCharges.periodStart, periodStart)))
      .for("update");
    if (existing?.status === "paid") return { outcome: "skipped" };
    if (existing?.status === "pending") return { membership, charge: existing, card };
    if (existing?.status === "failed") {
      if (payer.kind === "job") return { outcome: "skipped" };
      // Paying again after a failure: a new attempt, so a new key.
      const [retry] = await tx
        .update(vipCharges)
        .set({ status: "pending", amount: membership.renewalPrice, idempotencyKey: chargeKey(membership, periodStart, membership.renewalAttempts + 1), failure: null, updatedAt: now })
        .where(eq(vipCharges.id, existing.id))
        .returning();
      return { membership, charge: retry, card };
    }
    const [charge] = await tx.insert(vipCharges).values(chargeRow(membership, periodStart, chargeKey(membership, periodStart, membership.renewalAttempts + 1), now, { status: "pending" })).returning();
    return { membership, charge, card };
  });
}

function chargeRow(membership: VipMembership, periodStart: Date, idempotencyKey: string, now: Date, state: { status: Charge["status"]; failure?: string }) {
  return {
    membershipId: membership.id,
    customerId: membership.customerId,
    periodStart,
    periodEnd: oneYearFrom(periodStart),
    amount: membership.renewalPrice,
    currency: membership.currency,
    status: state.status,
    idempotencyKey,
    failure: state.failure ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

type GatewayResult = { ok: true; authorizationId: string } | { ok: false; decline: DeclineCode };

/** Step 2, with no lock held: authorize and capture on the saved card, each with the charge's idempotency key. */
async function chargeCard(services: RenewalServices, prepared: Prepared): Promise<GatewayResult> {
  const { charge, card } = prepared;
  const authorized = await services.provider.authorize({
    idempotencyKey: `${charge.idempotencyKey}:authorize`,
    amount: charge.amount,
    currency: charge.currency,
    source: { kind: "vaulted", token: card.token },
    customerRef: gatewayCustomerRef(charge.customerId),
  });
  if (!authorized.ok) return authorized;
  const captured = await services.provider.capture({ idempotencyKey: `${charge.idempotencyKey}:capture`, authorizationId: authorized.authorizationId, amount: charge.amount });
  if (!captured.ok) {
    await services.provider.void({ idempotencyKey: `${charge.idempotencyKey}:void`, authorizationId: authorized.authorizationId });
    return captured;
  }
  return { ok: true, authorizationId: authorized.authorizationId };
}

/** RENEW: the renewal payment failed; the member stays VIP until the period ends, and is told how to pay. */
async function recordFailure(tx: Db, services: RenewalServices, membership: VipMembership, charge: Charge, decline: DeclineCode | null, card: SavedInstrument | null, now: Date, actor: Actor) {
  const set = { lastRenewalFailure: decline ?? "NO_INSTRUMENT", renewalAttempts: membership.renewalAttempts + 1, updatedAt: now };
  if (membership.status !== "ACTIVE") {
    await tx.update(vipMemberships).set(set).where(eq(vipMemberships.id, membership.id));
    return;
  }
  await transition(tx, VIP_PROCESS, {
    id: membership.id,
    from: "ACTIVE",
    to: "RENEW",
    actor,
    at: now,
    reason: "Renewal payment failed",
    data: { chargeId: charge.id, decline: set.lastRenewalFailure },
    set,
  });
  const facts = await memberFacts(tx, membership.customerId);
  if (facts && membership.periodEnd) {
    await enqueue(tx, renewalFailedEmail(facts, services.linkOrigin(facts.brand), { periodEnd: membership.periodEnd, price: charge.amount, decline, card }), { now: () => now });
  }
}

/**
 * Step 3, under the row lock again: records what the gateway answered, once. Paid: the next period
 * starts where this one ends (a same-state "renewed" event, or RENEW → ACTIVE), and the VIP flag
 * follows. Declined: ACTIVE → RENEW with an email. A charge another run already settled is left
 * alone; if that run settled it with another payment, this one is refunded.
 */
async function settle(db: Db, services: RenewalServices, prepared: Prepared, result: GatewayResult, payer: Payer, now: Date, actor: Actor): Promise<RenewalOutcome & { refund?: string }> {
  return db.transaction(async (tx) => {
    const [membership] = await tx.select().from(vipMemberships).where(eq(vipMemberships.id, prepared.membership.id)).for("update");
    const [charge] = await tx.select().from(vipCharges).where(eq(vipCharges.id, prepared.charge.id)).for("update");
    const ours = charge.idempotencyKey === prepared.charge.idempotencyKey;
    if (charge.status !== "pending" || !ours) {
      const sameCharge = ours && charge.status === "paid" && result.ok && charge.authorizationId === result.authorizationId;
      return result.ok && !sameCharge ? { outcome: "skipped", refund: result.authorizationId } : { outcome: "skipped" };
    }
    if (!result.ok) {
      await tx.update(vipCharges).set({ status: "failed", failure: result.decline, updatedAt: now }).where(eq(vipCharges.id, charge.id));
      await recordFailure(tx, services, membership, charge, result.decline, prepared.card, now, actor);
      return { outcome: "failed", decline: result.decline };
    }
    await tx.update(vipCharges).set({ status: "paid", authorizationId: result.authorizationId, failure: null, updatedAt: now }).where(eq(vipCharges.id, charge.id));
    const set = {
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      trial: false,
      instrumentId: prepared.card.id,
      lastRenewalFailure: null,
      renewalAttempts: 0,
      updatedAt: now,
    };
    const data = { chargeId: charge.id, amount: charge.amount, periodEnd: charge.periodEnd.toISOString() };
    if (membership.status === "ACTIVE") {
      await tx.update(vipMemberships).set(set).where(eq(vipMemberships.id, membership.id));
      await recordStatusEvent(tx, VIP_PROCESS, { id: membership.id, status: "ACTIVE", event: "renewed", actor, at: now, reason: "Renewed for a year", data });
    } else {
      await transition(tx, VIP_PROCESS, { id: membership.id, from: membership.status, to: "ACTIVE", actor, at: now, reason: payer.kind === "shopper" ? "Renewal paid" : "Renewed for a year", data, set });
    }
    await setVipPeriod(tx, membership.customerId, { vip: true, until: charge.periodEnd, now });
    const facts = await memberFacts(tx, membership.customerId);
    if (facts) await enqueue(tx, renewedEmail(facts, services.linkOrigin(facts.brand), { amount: charge.amount, periodEnd: charge.periodEnd, card: prepared.card }), { now: () => now });
    return { outcome: "renewed", periodEnd: charge.periodEnd };
  });
}

async function renew(db: Db, services: RenewalServices, membershipId: number, payer: Payer, now: Date, actor: Actor): Promise<RenewalOutcome> {
  const prepared = await prepare(db, services, membershipId, payer, now, actor);
  if ("outcome" in prepared) return prepared;
  const result = await chargeCard(services, prepared);
  const settled = await settle(db, services, prepared, result, payer, now, actor);
  if (settled.refund) {
    // Settled meanwhile by another payment (the year bought at checkout): this charge is given back.
    await services.provider.refund({ idempotencyKey: `${prepared.charge.idempotencyKey}:refund`, authorizationId: settled.refund, amount: prepared.charge.amount });
    services.log?.warn({ chargeId: prepared.charge.id }, "VIP renewal charged twice for one period: refunded");
  }
  return settled.refund ? { outcome: "skipped" } : settled;
}

/**
 * The vip.renew job's work: every ACTIVE membership with renewal on, reminded for this renewal
 * (vip.remind-renewal), and due (a paid year 3 days before it ends, a trial at its end) is charged
 * its yearly price on its saved card. Idempotent and race-safe: one vip_charges row per period and
 * the gateway's idempotency keys, so running twice, or on two instances at once, charges once.
 * `customerId` narrows it to one shopper (the development tools). A gateway error is retried by the
 * job's next attempt with the same keys.
 */
export async function renewDueMemberships(db: Db, services: RenewalServices, request: { now: Date; customerId?: number }): Promise<{ renewed: number; failed: number }> {
  const { now } = request;
  const due = await db
    .select({ id: vipMemberships.id })
    .from(vipMemberships)
    .where(
      and(
        eq(vipMemberships.status, "ACTIVE"),
        eq(vipMemberships.autoRenew, true),
        isNotNull(vipMemberships.periodEnd),
        sql`${vipMemberships.remindedForPeriodEnd} = ${vipMemberships.periodEnd}`,
        or(
          and(eq(vipMemberships.trial, true), lte(vipMemberships.periodEnd, now)),
          and(eq(vipMemberships.trial, false), lte(vipMemberships.periodEnd, daysAfter(now, VIP_RENEWAL_LEAD_DAYS))),
        ),
        request.customerId === undefined ? undefined : eq(vipMemberships.customerId, request.customerId),
      ),
    )
    .orderBy(asc(vipMemberships.periodEnd))
    .limit(500);
  const actor: Actor = { type: "system", id: VIP_RENEW_JOB };
  const counts = { renewed: 0, failed: 0 };
  let firstError: unknown = null;
  for (const { id } of due) {
    try {
      const result = await renew(db, services, id, { kind: "job" }, now, actor);
      if (result.outcome === "renewed") counts.renewed += 1;
      if (result.outcome === "failed") counts.failed += 1;
    } catch (error) {
      // The charge stays pending; the job's retry takes it over with the same keys.
      services.log?.error({ err: error, membershipId: id }, "VIP renewal failed");
      firstError ??= error;
    }
  }
  if (firstError) throw firstError;
  return counts;
}

/**
 * RENEW's way to pay (My Subscriptions): the member pays the renewal with a saved card that allows
 * subscription; paid, the membership is ACTIVE again for the next year. Repeating the same click
 * takes over the pending charge (same key); a new try after a decline is a new attempt.
 */
export async function payRenewal(
  db: Db,
  services: RenewalServices,
  request: { customerId: number; instrumentId: number | null; now: Date; actor: Actor },
): Promise<{ ok: true; membership: VipMembershipView } | { ok: false; decline: DeclineCode | null; membership: VipMembershipView }> {
  const [membership] = await db.select({ id: vipMemberships.id }).from(vipMemberships).where(eq(vipMemberships.customerId, request.customerId));
  if (!membership) throw new VipMembershipError("NOTHING_TO_PAY");
  const result = await renew(db, services, membership.id, { kind: "shopper", instrumentId: request.instrumentId }, request.now, request.actor);
  const [after] = await db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id));
  const view = await viewOf(db, after, request.now);
  if (result.outcome === "failed") return { ok: false, decline: result.decline, membership: view };
  return { ok: true, membership: view };
}
