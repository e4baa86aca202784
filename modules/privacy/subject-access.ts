import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, newsletterSubscriptions, sessions } from "../accounts/schema";
import { giftCards } from "../gift-cards/schema";
import { loyaltyEntries } from "../loyalty/schema";
import { outboxMessages } from "../mail/schema";
import { orderLines, orders } from "../orders/schema";
import { recentlyViewedDeals } from "../recently-viewed/schema";
import { referrals } from "../referrals/schema";
import { vipCharges, vipMemberships } from "../vip/schema";
import { vouchers } from "../vouchers/schema";
import { walletEntries } from "../wallet/schema";
import { wishlistDeals, wishlists } from "../wishlist/schema";

/**
 * Everything the shop holds about one shopper (a subject access request under UK GDPR), as one
 * document: the account, orders with their lines and delivery addresses, vouchers, wallet, gift
 * cards, VIP, Club points, referrals, wishlist, recently viewed, newsletter, sign-ins and the
 * emails sent (subject and date; their bodies are what the shopper received). Secrets are left
 * out: the password hash, session and link tokens, voucher codes of vouchers given to someone else.
 */
export async function subjectAccessExport(db: Db, customerId: number, now: Date) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) return null;
  const orderRows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(asc(orders.id));
  const [lines, voucherRows, wallet, cards, memberships, charges, points, referralRows, wishlist, viewed, newsletter, signIns, emails] = await Promise.all([
    orderRows.length
      ? db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              orderRows.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderLines.id))
      : Promise.resolve([]),
    db
      .select()
      .from(vouchers)
      .where(or(eq(vouchers.customerId, customerId), eq(vouchers.holderCustomerId, customerId)))
      .orderBy(asc(vouchers.id)),
    db.select().from(walletEntries).where(eq(walletEntries.customerId, customerId)).orderBy(asc(walletEntries.id)),
    db
      .select()
      .from(giftCards)
      .where(or(eq(giftCards.buyerCustomerId, customerId), eq(giftCards.redeemedByCustomerId, customerId)))
      .orderBy(asc(giftCards.id)),
    db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId)),
    db.select().from(vipCharges).where(eq(vipCharges.customerId, customerId)).orderBy(asc(vipCharges.id)),
    db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customerId)).orderBy(asc(loyaltyEntries.id)),
    db
      .select()
      .from(referrals)
      .where(or(eq(referrals.referrerCustomerId, customerId), eq(referrals.referredCustomerId, customerId)))
      .orderBy(asc(referrals.id)),
    db
      .select({ dealId: wishlistDeals.dealId, addedAt: wishlistDeals.addedAt })
      .from(wishlistDeals)
      .innerJoin(wishlists, eq(wishlists.id, wishlistDeals.wishlistId))
      .where(eq(wishlists.customerId, customerId)),
    db.select({ dealId: recentlyViewedDeals.dealId, viewedAt: recentlyViewedDeals.viewedAt }).from(recentlyViewedDeals).where(eq(recentlyViewedDeals.customerId, customerId)),
    db
      .select({ subscribedAt: newsletterSubscriptions.subscribedAt, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.brand, customer.brand), eq(newsletterSubscriptions.email, customer.email))),
    db.select({ signedInAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.customerId, customerId)),
    db
      .select({ subject: outboxMessages.subject, queuedAt: outboxMessages.createdAt, sentAt: outboxMessages.sentAt })
      .from(outboxMessages)
      .where(eq(outboxMessages.to, customer.email))
      .orderBy(asc(outboxMessages.id)),
  ]);
  // Secrets and internal keys stay out of the file.
  const { passwordHash, customerToken: _token, googleSubject, ...account } = customer;
  return {
    exportedAt: now.toISOString(),
    account: { ...account, hasPassword: passwordHash !== null, signsInWithGoogle: googleSubject !== null },
    orders: orderRows.map((order) => ({ ...order, lines: lines.filter((line) => line.orderId === order.id) })),
    // A voucher bought and given away is the recipient's to use: its code is theirs, not the buyer's.
    vouchers: voucherRows.map((voucher) => (voucher.holderCustomerId !== null && voucher.holderCustomerId !== customerId ? { ...voucher, code: "(given as a gift)" } : voucher)),
    wallet,
    giftCards: cards,
    vip: { memberships, charges },
    clubPoints: points,
    referrals: referralRows,
    wishlist,
    recentlyViewed: viewed,
    newsletter,
    signIns,
    emailsSent: emails,
  };
}
