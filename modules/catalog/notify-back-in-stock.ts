import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId, type CountryCode } from "../../lib/brand";
import { enqueue } from "../mail/outbox";
import { capsReached, dealInStock } from "./sold-out-notifications";
import { deals, soldOutNotifications } from "./schema";

/** Emails queued per transaction. */
export const NOTIFY_BATCH_SIZE = 100;

/**
 * Whose link a back-in-stock email carries: a sign-up does not record the brand it came through,
 * so the market's main brand (docs/decisions/after-sale-my-vouchers.md).
 */
const MARKET_BRAND: Record<CountryCode, BrandId> = { GB: "wowcher", IE: "wowcherie" };

/**
 * "Notify me": every waiting subscriber of a deal that is on sale again gets one email, with the
 * deal's absolute link on the brand's public origin. notified_at is set in the transaction that
 * queues the email, so a subscriber is told once however often this runs; rows are locked with
 * SKIP LOCKED, so two instances never email the same subscriber. Answers how many were emailed.
 */
export async function notifyBackInStock(db: Db, request: { now: Date; publicOrigins: Record<BrandId, string>; batchSize?: number }): Promise<number> {
  const batchSize = request.batchSize ?? NOTIFY_BATCH_SIZE;
  // Deals with someone waiting that are in stock again, less those still at a daily or weekly cap.
  const inStock = await db
    .selectDistinct({ id: deals.id, dailyCap: deals.dailyCap, weeklyCap: deals.weeklyCap, countryCode: deals.countryCode })
    .from(soldOutNotifications)
    .innerJoin(deals, eq(deals.id, soldOutNotifications.dealId))
    .where(and(isNull(soldOutNotifications.notifiedAt), dealInStock(request.now)));
  const onSale: number[] = [];
  for (const deal of inStock) if (!(await capsReached(db, deal, request.now))) onSale.push(deal.id);
  if (onSale.length === 0) return 0;
  let notified = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const waiting = await tx
        .select({ id: soldOutNotifications.id, email: soldOutNotifications.email, headline: deals.headline, urlPath: deals.urlPath, countryCode: deals.countryCode })
        .from(soldOutNotifications)
        .innerJoin(deals, eq(deals.id, soldOutNotifications.dealId))
        .where(and(isNull(soldOutNotifications.notifiedAt), inArray(soldOutNotifications.dealId, onSale)))
        .orderBy(asc(soldOutNotifications.id))
        .limit(batchSize)
        .for("update", { of: soldOutNotifications, skipLocked: true });
      for (const subscriber of waiting) {
        const brand = BRANDS[MARKET_BRAND[subscriber.countryCode]];
        const link = `${request.publicOrigins[brand.id]}${subscriber.urlPath}`;
        await enqueue(
          tx,
          {
            to: subscriber.email,
            subject: `It's back: ${subscriber.headline}`,
            text: `Good news! A deal you asked us to watch is back in stock on ${brand.displayName}:\n\n${subscriber.headline}\n${link}\n\nBe quick: it sold out last time.\n`,
          },
          { now: () => request.now },
        );
      }
      if (waiting.length > 0) {
        await tx
          .update(soldOutNotifications)
          .set({ notifiedAt: request.now })
          .where(inArray(soldOutNotifications.id, waiting.map((row) => row.id)));
      }
      return waiting.length;
    });
    notified += batch;
    if (batch < batchSize) return notified;
  }
}
