import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { customers } from "../accounts/schema";
import type { ReferralVoidReason } from "./first-order";
import { referralCodeOf } from "./referral-codes";
import { friendName, REFERRAL_REWARD_AMOUNT } from "./reward-referrals";
import { type ReferralStatus, referrals } from "./schema";

/** Referrals listed on the page and in the status call, newest first. */
export const REFERRALS_SHOWN = 100;

export interface ReferralView {
  id: number;
  /** First name and initial: the referrer knows who they invited, nobody else's details. */
  friendName: string;
  status: ReferralStatus;
  signedUpAt: Date;
  /** QUALIFYING: when the reward is due, if the first order is not refunded. */
  qualifiesAt: Date | null;
  /** REWARDED: when, and how much. */
  rewardedAt: Date | null;
  rewardAmount: number | null;
  currency: Currency;
  voidReason: ReferralVoidReason | null;
}

export interface ReferralSummary {
  code: string;
  shares: number;
  opens: number;
  /** What one friend's first order earns, in the brand's currency. */
  rewardAmount: number;
  currency: Currency;
  /** All rewards received so far. */
  earned: number;
  referrals: ReferralView[];
}

/** The customer's refer-a-friend state: their code (made on first use), counters, friends and rewards. */
export async function referralSummary(db: Db, customer: { id: number; brand: BrandId }, now: Date): Promise<ReferralSummary> {
  const code = await referralCodeOf(db, customer.id, now);
  const currency = BRANDS[customer.brand].currency;
  const rows = await db
    .select({ referral: referrals, firstName: customers.firstName, lastName: customers.lastName })
    .from(referrals)
    .leftJoin(customers, eq(customers.id, referrals.referredCustomerId))
    .where(eq(referrals.referrerCustomerId, customer.id))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const views: ReferralView[] = rows.map(({ referral, firstName, lastName }) => ({
    id: referral.id,
    friendName: friendName({ firstName, lastName }),
    status: referral.status,
    signedUpAt: referral.createdAt,
    qualifiesAt: referral.status === "QUALIFYING" ? referral.qualifiesAt : null,
    rewardedAt: referral.status === "REWARDED" ? referral.updatedAt : null,
    rewardAmount: referral.status === "REWARDED" ? referral.rewardAmount : null,
    currency: referral.currency ?? currency,
    voidReason: referral.status === "VOID" ? ((referral.voidReason as ReferralVoidReason | null) ?? null) : null,
  }));
  const earned = views.reduce((sum, view) => sum + (view.rewardAmount ?? 0), 0);
  return { code: code.code, shares: code.shares, opens: code.opens, rewardAmount: REFERRAL_REWARD_AMOUNT, currency, earned, referrals: views.slice(0, REFERRALS_SHOWN) };
}
