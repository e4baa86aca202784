import { and, asc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { enqueue } from "../mail/outbox";
import { findInstrument } from "../payments/instruments";
import { recordStatusEvent } from "../states/record-event";
import { memberFacts } from "./membership";
import { renewalReminderEmail } from "./membership-emails";
import { vipMemberships } from "./schema";
import { VIP_PROCESS } from "./vip-process";
import { daysAfter, VIP_REMINDER_DAYS } from "./vip-terms";

export const VIP_REMIND_RENEWAL_JOB = "vip.remind-renewal";
/** Memberships reminded per transaction. */
const BATCH_SIZE = 100;

/**
 * The vip.remind-renewal job's work: every ACTIVE membership that renews (renewal on) and whose
 * period ends within 14 days gets one email with the price, the date and the link to cancel in
 * My Subscriptions — a paid year before its renewal, a free trial before it turns paid. The
 * period end it was sent for is stored in the same transaction (rows taken with SKIP LOCKED), so
 * each renewal is reminded once however often, and on however many instances, this runs; the
 * renewal job charges only once this is done. `customerId` narrows it to one shopper (the
 * development tools). Answers how many emails were queued.
 */
export async function remindRenewals(db: Db, request: { now: Date; linkOrigin: (brand: BrandId) => string; customerId?: number }): Promise<number> {
  const { now } = request;
  let emails = 0;
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(vipMemberships)
        .where(
          and(
            eq(vipMemberships.status, "ACTIVE"),
            eq(vipMemberships.autoRenew, true),
            isNotNull(vipMemberships.periodEnd),
            gt(vipMemberships.periodEnd, now),
            lte(vipMemberships.periodEnd, daysAfter(now, VIP_REMINDER_DAYS)),
            sql`${vipMemberships.remindedForPeriodEnd} is distinct from ${vipMemberships.periodEnd}`,
            request.customerId === undefined ? undefined : eq(vipMemberships.customerId, request.customerId),
          ),
        )
        .orderBy(asc(vipMemberships.periodEnd), asc(vipMemberships.id))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      for (const membership of due) {
        const periodEnd = membership.periodEnd as Date;
        const facts = await memberFacts(tx, membership.customerId);
        const card = membership.instrumentId === null ? null : await findInstrument(tx, membership.customerId, membership.instrumentId);
        if (facts) {
          await enqueue(tx, renewalReminderEmail(facts, request.linkOrigin(facts.brand), { periodEnd, price: membership.renewalPrice, trial: membership.trial, card }), { now: () => now });
        }
        await tx.update(vipMemberships).set({ remindedForPeriodEnd: periodEnd, updatedAt: now }).where(eq(vipMemberships.id, membership.id));
        await recordStatusEvent(tx, VIP_PROCESS, {
          id: membership.id,
          status: "ACTIVE",
          event: "renewal_reminded",
          actor: { type: "system", id: VIP_REMIND_RENEWAL_JOB },
          at: now,
          reason: `Renewal reminder sent ${VIP_REMINDER_DAYS} days ahead`,
          data: { periodEnd: periodEnd.toISOString(), price: membership.renewalPrice },
        });
      }
      return due.length;
    });
    emails += sent;
    if (sent < BATCH_SIZE) return emails;
  }
}
