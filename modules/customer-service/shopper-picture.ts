import { and, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { customers, sessions } from "../accounts/schema";
import { giftCards } from "../gift-cards/schema";
import { loyaltyEntries } from "../loyalty/schema";
import { outboxMessages } from "../mail/schema";
import { orders } from "../orders/schema";
import { referrals } from "../referrals/schema";
import { statusEvents } from "../states/schema";
import { vipCharges, vipMemberships } from "../vip/schema";
import { vouchers } from "../vouchers/schema";
import { walletEntries } from "../wallet/schema";
import { walletBalances } from "../wallet/wallet-balances";
import { customerNotes } from "./schema";

/** How many of each list the page shows: the latest first (older ones are in the shopper's own pages and the audit). */
export const PICTURE_LIMITS = { orders: 20, vouchers: 50, entries: 20, emails: 20, signIns: 10, notes: 50 } as const;

/**
 * Everything customer service needs to help one shopper, on one page: profile and addresses,
 * orders, vouchers with their status timelines, wallet balances and ledger, gift cards, VIP
 * membership and charges, Club points, referrals, recent sign-ins and lockouts, the emails the shop
 * sent them and staff notes. Read only: each list is one indexed query of the latest rows.
 */
export async function shopperPicture(db: Db, customerId: number, now: Date) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) return null;
  const brand = BRANDS[customer.brand];
  const own = or(eq(vouchers.customerId, customerId), eq(vouchers.holderCustomerId, customerId));
  const [orderRows, voucherRows, wallet, ledger, cards, memberships, charges, points, referralRows, signIns, emails, notes] = await Promise.all([
    db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(PICTURE_LIMITS.orders),
    db.select().from(vouchers).where(own).orderBy(desc(vouchers.createdAt), desc(vouchers.id)).limit(PICTURE_LIMITS.vouchers),
    walletBalances(db, customerId, { now, brandCurrency: brand.currency }),
    db.select().from(walletEntries).where(eq(walletEntries.customerId, customerId)).orderBy(desc(walletEntries.createdAt), desc(walletEntries.id)).limit(PICTURE_LIMITS.entries),
    db
      .select()
      .from(giftCards)
      .where(or(eq(giftCards.buyerCustomerId, customerId), eq(giftCards.redeemedByCustomerId, customerId)))
      .orderBy(desc(giftCards.createdAt))
      .limit(PICTURE_LIMITS.entries),
    db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId)),
    db.select().from(vipCharges).where(eq(vipCharges.customerId, customerId)).orderBy(desc(vipCharges.createdAt)).limit(PICTURE_LIMITS.entries),
    db
      .select({
        current: sql<number>`coalesce(sum(${loyaltyEntries.remaining}) filter (where ${loyaltyEntries.expiresAt} > ${now}), 0)::int`,
        lifetime: sql<number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} > 0 and ${loyaltyEntries.kind} <> 'exchange'), 0)::int`,
      })
      .from(loyaltyEntries)
      .where(eq(loyaltyEntries.customerId, customerId)),
    db
      .select()
      .from(referrals)
      .where(or(eq(referrals.referrerCustomerId, customerId), eq(referrals.referredCustomerId, customerId)))
      .orderBy(desc(referrals.createdAt))
      .limit(PICTURE_LIMITS.entries),
    db
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.customerId, customerId))
      .orderBy(desc(sessions.createdAt))
      .limit(PICTURE_LIMITS.signIns),
    // A deleted account's email is cleared: no messages are matched to it.
    customer.status === "deleted"
      ? Promise.resolve([])
      : db
          .select({ id: outboxMessages.id, subject: outboxMessages.subject, status: outboxMessages.status, createdAt: outboxMessages.createdAt, sentAt: outboxMessages.sentAt })
          .from(outboxMessages)
          .where(eq(outboxMessages.to, customer.email))
          .orderBy(desc(outboxMessages.createdAt))
          .limit(PICTURE_LIMITS.emails),
    db.select().from(customerNotes).where(eq(customerNotes.customerId, customerId)).orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)).limit(PICTURE_LIMITS.notes),
  ]);
  const timelines = voucherRows.length
    ? await db
        .select()
        .from(statusEvents)
        .where(
          and(
            eq(statusEvents.aggregate, "voucher"),
            inArray(
              statusEvents.aggregateId,
              voucherRows.map((voucher) => voucher.id),
            ),
          ),
        )
        .orderBy(statusEvents.aggregateId, statusEvents.id)
    : [];
  const addresses = await db
    .selectDistinct({ name: orders.deliveryName, line1: orders.addressLine1, line2: orders.addressLine2, city: orders.city, postcode: orders.postcode })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.addressLine1), gt(orders.createdAt, new Date(now.getTime() - 3 * 365 * 86_400_000))))
    .limit(10);

  return {
    profile: {
      id: customer.id,
      brand: customer.brand,
      brandName: brand.displayName,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      address: [customer.addressLine1, customer.addressLine2, customer.city, customer.postcode].filter(Boolean).join(", "),
      deleted: customer.status === "deleted",
      joinedAt: customer.createdAt,
      emailVerifiedAt: customer.emailVerifiedAt,
      signsInWithGoogle: customer.googleSubject !== null,
      failedLogins: customer.failedLoginCount,
      lastFailedLoginAt: customer.lastFailedLoginAt,
      lockedUntil: customer.lockedUntil && customer.lockedUntil > now ? customer.lockedUntil : null,
    },
    addresses: addresses.map((address) => [address.name, address.line1, address.line2, address.city, address.postcode].filter(Boolean).join(", ")),
    orders: orderRows.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      total: order.total,
      currency: order.currency,
      items: order.quantity,
      paidBy: order.cardType ?? order.paymentMethod,
    })),
    vouchers: voucherRows.map((voucher) => ({
      id: voucher.id,
      code: voucher.code,
      orderId: voucher.orderId,
      title: `${voucher.dealTitle}: ${voucher.productName}`,
      merchantName: voucher.merchantName,
      status: voucher.status,
      heldByAnother: voucher.holderCustomerId !== null && voucher.holderCustomerId !== customerId,
      receivedAsGift: voucher.holderCustomerId === customerId && voucher.customerId !== customerId,
      expiresAt: voucher.expiresAt,
      timeline: timelines
        .filter((event) => event.aggregateId === voucher.id)
        .map((event) => ({ at: event.at, from: event.fromStatus, to: event.toStatus, by: event.actorType, reason: event.reason })),
    })),
    wallet: {
      balances: wallet,
      entries: ledger.map((entry) => ({
        id: entry.id,
        at: entry.createdAt,
        amount: entry.amount,
        currency: entry.currency,
        balanceType: entry.balanceType,
        description: entry.description,
        expiresAt: entry.expiresAt,
      })),
    },
    giftCards: cards.map((card) => ({
      id: card.id,
      code: card.code,
      amount: card.amount,
      currency: card.currency,
      status: card.status,
      bought: card.buyerCustomerId === customerId,
      expiresAt: card.expiresAt,
    })),
    vip: {
      memberships: memberships.map((membership) => ({
        status: membership.status,
        autoRenew: membership.autoRenew,
        trial: membership.trial,
        memberSince: membership.memberSince,
        periodEnd: membership.periodEnd,
        renewalPrice: membership.renewalPrice,
        currency: membership.currency,
        renewalCancelledAt: membership.renewalCancelledAt,
      })),
      charges: charges.map((charge) => ({
        id: charge.id,
        at: charge.createdAt,
        amount: charge.amount,
        refunded: charge.refundedAmount,
        currency: charge.currency,
        status: charge.status,
      })),
    },
    clubPoints: points[0] ?? { current: 0, lifetime: 0 },
    referrals: referralRows.map((referral) => ({
      id: referral.id,
      role: referral.referrerCustomerId === customerId ? ("referrer" as const) : ("referred" as const),
      status: referral.status,
      createdAt: referral.createdAt,
      reward: referral.rewardAmount,
      currency: referral.currency,
    })),
    signIns,
    emails,
    notes: notes.map((note) => ({ id: note.id, at: note.createdAt, author: note.authorName, orderId: note.orderId, body: note.body })),
  };
}

export type ShopperPicture = NonNullable<Awaited<ReturnType<typeof shopperPicture>>>;
