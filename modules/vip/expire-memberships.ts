import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expireDueOwners } from "../jobs/expire-due";
import type { Actor } from "../states/transition";
import { endVipMembership } from "./end-membership";
import { lockMembership, type VipMembership } from "./membership";
import { vipMemberships } from "./schema";
import { daysAfter, VIP_RENEWAL_GRACE_DAYS } from "./vip-terms";

export const VIP_EXPIRE_JOB = "vip.expire";

/**
 * A renewal still owed to this membership: renewing, reminded for this very period end, and
 * within the grace after it (the renewal job charges it, or has a pending charge to retry).
 */
function renewalPending(membership: VipMembership, now: Date): boolean {
  const end = membership.periodEnd;
  if (end === null || membership.status !== "ACTIVE" || !membership.autoRenew) return false;
  const reminded = membership.remindedForPeriodEnd?.getTime() === end.getTime();
  return reminded && now.getTime() < daysAfter(end, VIP_RENEWAL_GRACE_DAYS).getTime();
}

/** Whether the period is over with nothing to renew it: the membership ends. */
export function membershipExpired(membership: VipMembership, now: Date): boolean {
  if (membership.status !== "ACTIVE" && membership.status !== "RENEW") return false;
  if (membership.periodEnd === null || membership.periodEnd.getTime() > now.getTime()) return false;
  return !renewalPending(membership, now);
}

/**
 * The vip.expire job's work: an ACTIVE or RENEW membership whose period has passed without a
 * renewal (renewal cancelled or never agreed, the renewal payment failed and was not paid, or no
 * reminder could precede a charge) goes back to ELIGIBLE through endVipMembership: history, renewal
 * off and the VIP flag cleared, so VIP prices stop. Each one is checked again under its row lock
 * (a renewal may have just moved its period). `customerId` narrows it to one shopper (the
 * development tools). Answers how many memberships ended.
 */
export async function expireMemberships(db: Db, request: { now: Date; customerId?: number }): Promise<number> {
  const { now } = request;
  const actor: Actor = { type: "system", id: VIP_EXPIRE_JOB };
  return expireDueOwners(db, {
    batchSize: 1000,
    // One pass: a membership waiting for its renewal stays a candidate, so going again would find it again.
    repeat: false,
    findDue: (db, limit) =>
      db
        .select({ customerId: vipMemberships.customerId })
        .from(vipMemberships)
        .where(
          and(
            inArray(vipMemberships.status, ["ACTIVE", "RENEW"]),
            isNotNull(vipMemberships.periodEnd),
            lte(vipMemberships.periodEnd, now),
            request.customerId === undefined ? undefined : eq(vipMemberships.customerId, request.customerId),
          ),
        )
        .orderBy(asc(vipMemberships.periodEnd))
        .limit(limit),
    expire: (db, { customerId }) =>
      db.transaction(async (tx) => {
        const membership = await lockMembership(tx, customerId);
        if (!membership || !membershipExpired(membership, now)) return 0;
        const reason = membership.status === "RENEW" ? "Period ended: renewal not paid" : "Period ended without renewal";
        return (await endVipMembership(tx, { customerId, actor, at: now, reason })) ? 1 : 0;
      }),
  });
}
