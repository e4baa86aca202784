import { addDays } from "date-fns";
import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, greeting, layout } from "../mail/layout";
import { customers } from "../accounts/schema";
import { enqueue, type OutgoingMail } from "../mail/outbox";
import { walletEntries } from "./schema";

/** How long before a credit expires the shopper is told (docs/decisions/wallet-credit-expiry.md). */
export const WALLET_EXPIRY_REMINDER_DAYS = 30;
export const WALLET_REMINDER_JOB = "wallet.remind-expiring-credit";
/** Credits reminded per transaction. */
export const REMINDER_BATCH_SIZE = 100;

interface ExpiringCredit {
  id: number;
  customerId: number;
  currency: Currency;
  remaining: number | null;
  expiresAt: Date | null;
  brand: BrandId;
  email: string;
  firstName: string;
}

/** One email per shopper and currency: each expiring amount with its date, and the wallet's link. */
function reminderEmail(credits: ExpiringCredit[], origin: string): OutgoingMail {
  const [first] = credits;
  const brand = BRANDS[first.brand];
  const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: marketTimeZone(brand.countryCode) });
  const amounts = credits.map((credit) => `${formatMoney(credit.remaining ?? 0, credit.currency)} expires on ${dateFormat.format(credit.expiresAt ?? new Date())}`);
  const paragraphs = [
    greeting(first.firstName),
    `Some of your ${brand.displayName} wallet credit expires soon: ${amounts.join("; ")}.`,
    "Spend it on any deal before then: it comes off the price at checkout.",
  ];
  const url = `${origin}/myaccount/wallet`;
  return {
    from: brandSender(brand.id),
    to: first.email,
    subject: "Your wallet credit expires soon",
    text: [...paragraphs, `See your wallet: ${url}`].join("\n\n"),
    html: layout(brand.id, paragraphs, { label: "See your wallet", url }),
  };
}

/**
 * The reminder job's work: credits with something left that expire within 30 days and whose
 * shopper was not yet told get one email (per shopper and currency), with an absolute link on the
 * shopper's own brand. reminded_at is set in the transaction that queues the email, and rows are
 * taken with SKIP LOCKED, so however often and on however many instances this runs, each credit is
 * reminded once. `customerId` narrows it to one shopper (the development tools). Answers how many
 * emails were queued.
 */
export async function remindExpiringCredit(db: Db, request: { now: Date; linkOrigin: (brand: BrandId) => string; customerId?: number; batchSize?: number }): Promise<number> {
  const batchSize = request.batchSize ?? REMINDER_BATCH_SIZE;
  const horizon = addDays(request.now, WALLET_EXPIRY_REMINDER_DAYS);
  let emails = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due: ExpiringCredit[] = await tx
        .select({
          id: walletEntries.id,
          customerId: walletEntries.customerId,
          currency: walletEntries.currency,
          remaining: walletEntries.remaining,
          expiresAt: walletEntries.expiresAt,
          brand: customers.brand,
          email: customers.email,
          firstName: customers.firstName,
        })
        .from(walletEntries)
        .innerJoin(customers, eq(customers.id, walletEntries.customerId))
        .where(
          and(
            gt(walletEntries.remaining, 0),
            isNull(walletEntries.remindedAt),
            gt(walletEntries.expiresAt, request.now),
            lte(walletEntries.expiresAt, horizon),
            eq(customers.status, "active"),
            request.customerId === undefined ? undefined : eq(walletEntries.customerId, request.customerId),
          ),
        )
        .orderBy(asc(walletEntries.customerId), asc(walletEntries.currency), asc(walletEntries.expiresAt), asc(walletEntries.id))
        .limit(batchSize)
        .for("update", { of: walletEntries, skipLocked: true });
      const byWallet = new Map<string, ExpiringCredit[]>();
      for (const credit of due) {
        const key = `${credit.customerId}:${credit.currency}`;
        byWallet.set(key, [...(byWallet.get(key) ?? []), credit]);
      }
      for (const credits of byWallet.values()) {
        await enqueue(tx, reminderEmail(credits, request.linkOrigin(credits[0].brand)), { now: () => request.now });
      }
      if (due.length > 0) {
        await tx
          .update(walletEntries)
          .set({ remindedAt: request.now })
          .where(inArray(walletEntries.id, due.map((credit) => credit.id)));
      }
      return { credits: due.length, emails: byWallet.size };
    });
    emails += batch.emails;
    if (batch.credits < batchSize) return emails;
  }
}
