import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";
import { enqueue } from "../mail/outbox";
import { type Actor, transition } from "../states/transition";
import { voucherStatusesOfOrder } from "../vouchers/read";
import type { VoucherStatus } from "../vouchers/schema";
import { addWalletCredit } from "../wallet/wallet";
import { referralRewardEmail } from "./emails";
import type { ReferralVoidReason } from "./first-order";
import { REFERRAL_PROCESS } from "./referral-process";
import { referrals } from "./schema";

export const REFERRAL_REWARD_JOB = "referrals.reward";
/** Spec §9: referral credit 10 (pound or euro), in minor units of the brand's currency. */
export const REFERRAL_REWARD_AMOUNT = 1000;
/** Referrals looked up per query; each is then settled in a short transaction of its own. */
export const REFERRAL_REWARD_BATCH_SIZE = 100;

const JOB_ACTOR: Actor = { type: "system", id: REFERRAL_REWARD_JOB };

/** The first order's money went back: refunded, or exchanged for wallet credit. */
const GIVEN_BACK: readonly VoucherStatus[] = ["REFUNDED", "REQUEST_PROCESSED"];
/** A request that may still give the money back: wait until it settles. */
const BEING_GIVEN_BACK: readonly VoucherStatus[] = ["CREDIT_REQUESTED", "RETURN_REQUESTED", "RETURN_IN_TRANSIT", "RETURNED_TO_MERCHANT"];

export type FirstOrderVerdict = "kept" | "refunded" | "pending";

/** What the first order's vouchers say about the reward. */
export function firstOrderVerdict(statuses: readonly VoucherStatus[]): FirstOrderVerdict {
  if (statuses.some((status) => GIVEN_BACK.includes(status))) return "refunded";
  if (statuses.some((status) => BEING_GIVEN_BACK.includes(status))) return "pending";
  return "kept";
}

/** A friend as the referrer sees them: first name and initial ("A friend" once their account is closed). */
export function friendName(person: { firstName: string | null; lastName: string | null } | undefined): string {
  const first = person?.firstName?.trim();
  if (!first) return "A friend";
  const initial = person?.lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export type SettleOutcome = "rewarded" | "voided" | "held" | "skipped";

/**
 * Settles one referral whose refund window has passed, in one transaction under its row lock:
 * the first order refunded → VOID; a refund or return still under way → held (looked at again on
 * the next run); otherwise the referrer gets the credit (addWalletCredit, reason "referral") and
 * the referral is REWARDED, both or neither. A second run, here or on another instance, waits for
 * the lock and then finds the referral settled: exactly one reward per referred customer.
 */
export async function settleReferral(db: Db, id: number, request: { now: Date; linkOrigin: (brand: BrandId) => string }): Promise<SettleOutcome> {
  const { now } = request;
  return db.transaction(async (tx) => {
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, id)).for("update");
    if (!referral || referral.status !== "QUALIFYING" || !referral.qualifiesAt || referral.qualifiesAt > now || referral.firstOrderId === null) return "skipped";
    const voidFor = async (voidReason: ReferralVoidReason, reason: string): Promise<SettleOutcome> => {
      await transition(tx, REFERRAL_PROCESS, { id, from: "QUALIFYING", to: "VOID", actor: JOB_ACTOR, at: now, reason, set: { voidReason, updatedAt: now } });
      return "voided";
    };

    const verdict = firstOrderVerdict(await voucherStatusesOfOrder(tx, referral.firstOrderId));
    if (verdict === "refunded") return voidFor("FIRST_ORDER_REFUNDED", "first order refunded");
    if (verdict === "pending") return "held";

    const people = await tx
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName, status: customers.status })
      .from(customers)
      .where(inArray(customers.id, [referral.referrerCustomerId, referral.referredCustomerId]));
    const referrer = people.find((person) => person.id === referral.referrerCustomerId);
    const friend = people.find((person) => person.id === referral.referredCustomerId);
    if (!referrer || referrer.status !== "active") return voidFor("REFERRER_CLOSED", "referrer's account closed");

    const currency = BRANDS[referral.brand].currency;
    const name = friendName(friend);
    await addWalletCredit(tx, {
      customerId: referrer.id,
      currency,
      balanceType: "marketing",
      amount: REFERRAL_REWARD_AMOUNT,
      reason: "referral",
      description: `Refer a friend: ${name}`,
      at: now,
    });
    await transition(tx, REFERRAL_PROCESS, {
      id,
      from: "QUALIFYING",
      to: "REWARDED",
      actor: JOB_ACTOR,
      at: now,
      reason: "refund window passed without a refund",
      data: { amount: REFERRAL_REWARD_AMOUNT, currency },
      set: { rewardAmount: REFERRAL_REWARD_AMOUNT, currency, updatedAt: now },
    });
    await enqueue(
      tx,
      referralRewardEmail({ brand: referral.brand, to: referrer.email, firstName: referrer.firstName, friendName: name, amount: REFERRAL_REWARD_AMOUNT, currency, origin: request.linkOrigin(referral.brand) }),
      { now: () => now },
    );
    return "rewarded";
  });
}

export interface RewardRun {
  now: Date;
  /** Each brand's public origin, for the link in the email. */
  linkOrigin: (brand: BrandId) => string;
  /** Only this referrer's referrals (the development tools' time travel). */
  referrerCustomerId?: number;
  batchSize?: number;
}

/**
 * The reward job's work: every QUALIFYING referral whose refund window has passed is settled
 * (settleReferral). Idempotent and safe on several instances at once. Referrals held back by a
 * refund under way stay QUALIFYING and are passed over until the next run. Answers what happened.
 */
export async function rewardReferrals(db: Db, run: RewardRun): Promise<Record<Exclude<SettleOutcome, "skipped">, number>> {
  const batchSize = run.batchSize ?? REFERRAL_REWARD_BATCH_SIZE;
  const counts = { rewarded: 0, voided: 0, held: 0 };
  let after = 0;
  for (;;) {
    const due = await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(
        and(
          eq(referrals.status, "QUALIFYING"),
          lte(referrals.qualifiesAt, run.now),
          gt(referrals.id, after),
          run.referrerCustomerId === undefined ? undefined : eq(referrals.referrerCustomerId, run.referrerCustomerId),
        ),
      )
      .orderBy(asc(referrals.id))
      .limit(batchSize);
    for (const { id } of due) {
      const outcome = await settleReferral(db, id, run);
      if (outcome !== "skipped") counts[outcome] += 1;
      after = id;
    }
    if (due.length < batchSize) return counts;
  }
}
