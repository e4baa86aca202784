import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { randomToken } from "../security/tokens";
import { newsletterWelcomeEmail } from "./emails";
import { AccountError } from "./errors";
import { newsletterSubscriptions } from "./schema";
import { normalizeEmail } from "./validation";

export interface SubscriptionChange {
  brand: BrandId;
  email: string;
  subscribed: boolean;
  /** Origin for the unsubscribe link of the welcome email, e.g. https://www.wowcher.co.uk. */
  linkOrigin: string;
}

/**
 * Subscribes or unsubscribes an email to the brand's deals newsletter. A new (or renewed)
 * subscription gets a welcome email with its unsubscribe link, queued in the same transaction.
 */
export async function setNewsletterSubscription(db: Db, clock: Clock, change: SubscriptionChange): Promise<void> {
  const email = normalizeEmail(change.email);
  const now = clock.now();
  if (!change.subscribed) {
    await db
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: now })
      .where(
        and(
          eq(newsletterSubscriptions.brand, change.brand),
          eq(newsletterSubscriptions.email, email),
          isNull(newsletterSubscriptions.unsubscribedAt),
        ),
      );
    return;
  }
  const started = await db
    .insert(newsletterSubscriptions)
    .values({ brand: change.brand, email, unsubscribeToken: randomToken(), subscribedAt: now })
    .onConflictDoUpdate({
      target: [newsletterSubscriptions.brand, newsletterSubscriptions.email],
      set: { subscribedAt: now, unsubscribedAt: null },
      // Already subscribed: nothing changes and no second welcome email.
      setWhere: sql`${newsletterSubscriptions.unsubscribedAt} is not null`,
    })
    .returning({ token: newsletterSubscriptions.unsubscribeToken });
  if (started.length === 0) return;
  const unsubscribeUrl = `${change.linkOrigin}/unsubscribe?token=${encodeURIComponent(started[0].token)}`;
  await enqueue(db, newsletterWelcomeEmail({ brand: change.brand, to: email, unsubscribeUrl }), clock);
}

export async function isSubscribed(db: Db, brand: BrandId, email: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.brand, brand), eq(newsletterSubscriptions.email, normalizeEmail(email))));
  return row !== undefined && row.unsubscribedAt === null;
}

/** The unsubscribe link of newsletters: needs its token ('No unsubscribe token found...'). */
export async function unsubscribeByToken(db: Db, clock: Clock, token: string | null | undefined): Promise<void> {
  if (!token || !token.trim()) throw new AccountError("UNSUBSCRIBE_TOKEN_MISSING");
  const updated = await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: clock.now() })
    .where(eq(newsletterSubscriptions.unsubscribeToken, token.trim()))
    .returning({ id: newsletterSubscriptions.id });
  if (updated.length === 0) throw new AccountError("NO_SUBSCRIPTION");
}

/** Removes an email's subscription row entirely (account deletion keeps no personal data). */
export async function forgetNewsletterEmail(db: Db, brand: BrandId, email: string): Promise<void> {
  await db
    .delete(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.brand, brand), eq(newsletterSubscriptions.email, normalizeEmail(email))));
}
