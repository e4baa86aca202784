import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findActiveCustomer } from "../accounts/customers";
import { isVipActive } from "../accounts/grant-vip";
import { vipAddonPurchases } from "./vip-purchases";
import { type VipStatus, vipMemberships } from "../vip/schema";

/** What My Rewards shows of a membership (spec §2 /myaccount/vip-rewards: membership dates). */
export interface MembershipDates {
  active: boolean;
  status: VipStatus | null;
  /** The first day the customer was a member (null when nothing says). */
  memberSince: Date | null;
  /** The end of the current period (null: VIP without an end). */
  periodEnd: Date | null;
  /** Renews at period end (false: it ends then). */
  renews: boolean;
  trial: boolean;
  renewalPrice: number | null;
}

/**
 * A customer's VIP membership dates: from their membership record when they have one, otherwise
 * (a VIP year bought as an add-on, or VIP granted by staff) from the VIP flag on their account and
 * their first VIP year's order.
 */
export async function membershipDates(db: Db, customerId: number, now: Date): Promise<MembershipDates> {
  const customer = await findActiveCustomer(db, customerId);
  const active = customer ? isVipActive(customer, now) : false;
  const [membership] = await db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId));
  if (membership) {
    return {
      active,
      status: membership.status,
      memberSince: membership.memberSince,
      periodEnd: membership.periodEnd ?? customer?.vipExpiresAt ?? null,
      renews: membership.autoRenew && (membership.status === "ACTIVE" || membership.status === "RENEW"),
      trial: membership.trial,
      renewalPrice: membership.renewalPrice,
    };
  }
  const [first] = await vipAddonPurchases(db, customerId, { since: new Date(0), until: now });
  return {
    active,
    status: null,
    memberSince: first?.at ?? null,
    periodEnd: customer?.vipExpiresAt ?? null,
    renews: false,
    trial: false,
    renewalPrice: null,
  };
}
