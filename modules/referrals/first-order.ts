import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { endOfMarketDaysAfter, marketTimeZone } from "../../lib/market-time";
import { customers } from "../accounts/schema";
import { type Actor, transition } from "../states/transition";
import { type PostalAddress, sameAddress } from "./duplicate-accounts";
import { REFERRAL_PROCESS } from "./referral-process";
import { referrals } from "./schema";

/**
 * Spec §9: the referral credit comes after the 14-day refund window, the same no-quibble window
 * as a voucher's refund (modules/refunds/after-sale-options.ts REFUND_WINDOW_DAYS: 14 days counted
 * from the day after the vouchers became available, to the end of that day in the market's zone).
 */
export const REFERRAL_REFUND_WINDOW_DAYS = 14;

/** Why a referral was voided (stored in void_reason; the pages say it in words). */
export type ReferralVoidReason = "DUPLICATE_ACCOUNT" | "FIRST_ORDER_REFUNDED" | "REFERRER_CLOSED";

/** The order just placed, as the referral sees it (the order-placed step fills it in). */
export interface PlacedOrderFacts {
  customerId: number;
  orderId: number;
  /** What the shopper paid, by card and wallet credit together (minor units). */
  paid: number;
  /** How many deal vouchers it issued: an order of gift cards alone does not count. */
  vouchers: number;
  /** When those vouchers become available: their refund window starts the day after. */
  vouchersAvailableAt: Date;
  deliveryAddress: PostalAddress;
  at: Date;
  actor: Actor;
}

/**
 * The order-placed step of refer a friend, in the order's transaction: a referred customer's first
 * paid order with a deal voucher moves their referral SIGNED_UP → QUALIFYING, to be judged when
 * its refund window has passed (`qualifies_at`). An order to an address the referrer has used
 * (their profile's, or one of their own orders') shows a second account of theirs: the referral
 * is VOID. Orders of customers nobody referred, later orders and free orders change nothing. The
 * referral row is locked first, so two orders placed at once move it once and neither fails.
 * `referrerAddresses` answers the addresses of the referrer's own orders (the orders module owns them).
 */
export async function recordReferredFirstOrder(tx: Db, order: PlacedOrderFacts, referrerAddresses: (customerId: number) => Promise<PostalAddress[]>): Promise<void> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.referredCustomerId, order.customerId)).for("update");
  if (!referral || referral.status !== "SIGNED_UP" || order.paid <= 0 || order.vouchers === 0) return;

  const [profile] = await tx.select({ addressLine1: customers.addressLine1, postcode: customers.postcode }).from(customers).where(eq(customers.id, referral.referrerCustomerId));
  const used = [...(profile ? [profile] : []), ...(await referrerAddresses(referral.referrerCustomerId))];
  if (sameAddress(order.deliveryAddress, used)) {
    await transition(tx, REFERRAL_PROCESS, {
      id: referral.id,
      from: "SIGNED_UP",
      to: "VOID",
      actor: order.actor,
      at: order.at,
      reason: "first order went to an address the referrer has used",
      data: { orderId: order.orderId },
      set: { firstOrderId: order.orderId, voidReason: "DUPLICATE_ACCOUNT" satisfies ReferralVoidReason, updatedAt: order.at },
    });
    return;
  }
  const timeZone = marketTimeZone(BRANDS[referral.brand].countryCode);
  const qualifiesAt = endOfMarketDaysAfter(order.vouchersAvailableAt, REFERRAL_REFUND_WINDOW_DAYS, timeZone);
  await transition(tx, REFERRAL_PROCESS, {
    id: referral.id,
    from: "SIGNED_UP",
    to: "QUALIFYING",
    actor: order.actor,
    at: order.at,
    reason: "first order placed",
    data: { orderId: order.orderId, qualifiesAt: qualifiesAt.toISOString() },
    set: { firstOrderId: order.orderId, qualifiesAt, updatedAt: order.at },
  });
}
