import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { DomainError } from "../../lib/errors";
import { customers } from "../accounts/schema";
import { type Actor, recordInitialStatus } from "../states/transition";
import { hasBoughtVoucher } from "../vouchers/read";
import { sameMailbox } from "./duplicate-accounts";
import { referralError } from "./errors";
import { findReferrer } from "./referral-codes";
import { REFERRAL_PROCESS } from "./referral-process";
import { referrals } from "./schema";

/**
 * How long after registering an account still counts as new for a code assigned afterwards
 * (the legacy /user/raf/assign): a day, and only before anything was bought.
 */
export const NEW_CUSTOMER_HOURS = 24;

export interface ReferNewCustomer {
  brand: BrandId;
  /** The code in its stored form (typedReferralCode). */
  code: string;
  /** The customer who signed up through the link. */
  customerId: number;
  now: Date;
  actor: Actor;
}

export type ReferOutcome = { ok: true; referralId: number; referrerCustomerId: number } | { ok: false; error: DomainError };

/**
 * Links a new customer to the friend whose link they signed up through (spec §6: existing
 * customers cannot be referred but can refer). Refused, with the reason, when the code names no
 * active customer of this brand, when it is the customer's own or belongs to the same mailbox (a
 * second account of the referrer's), when the account is not new (registered more than a day ago
 * or has bought already), or when the customer was referred before (one referral per referred
 * customer: the unique index decides between two at once). Starts the referral SIGNED_UP, with
 * its first history row.
 */
export async function referNewCustomer(db: Db, request: ReferNewCustomer): Promise<ReferOutcome> {
  const refused = (code: Parameters<typeof referralError>[0]): ReferOutcome => ({ ok: false, error: referralError(code) });
  const referrer = await findReferrer(db, request.brand, request.code);
  if (!referrer) return refused("CODE_NOT_RECOGNIZED");
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, createdAt: customers.createdAt })
    .from(customers)
    .where(and(eq(customers.id, request.customerId), eq(customers.brand, request.brand), eq(customers.status, "active")));
  if (!customer) return refused("CODE_NOT_RECOGNIZED");
  if (customer.id === referrer.customerId || sameMailbox(customer.email, referrer.email)) return refused("SELF_REFERRAL");

  const registeredLongAgo = request.now.getTime() - customer.createdAt.getTime() > NEW_CUSTOMER_HOURS * 3_600_000;
  const bought = await hasBoughtVoucher(db, customer.id);
  if (registeredLongAgo || bought) return refused("EXISTING_CUSTOMER");

  return db.transaction(async (tx) => {
    const created = await tx
      .insert(referrals)
      .values({
        referrerCustomerId: referrer.customerId,
        referredCustomerId: customer.id,
        brand: request.brand,
        status: "SIGNED_UP",
        createdAt: request.now,
        updatedAt: request.now,
      })
      .onConflictDoNothing()
      .returning({ id: referrals.id, status: referrals.status });
    if (created.length === 0) return refused("ALREADY_REFERRED");
    await recordInitialStatus(tx, REFERRAL_PROCESS, created, { actor: request.actor, at: request.now, data: { code: request.code } });
    return { ok: true, referralId: created[0].id, referrerCustomerId: referrer.customerId };
  });
}
