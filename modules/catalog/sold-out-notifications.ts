import { type SQL, and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import { capSales } from "./deal-detail/sales";
import { CatalogError } from "./errors";
import { deals, products, soldOutNotifications } from "./schema";

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * A deal with stock a shopper can buy: published, open, before its closing date, not sold out, with
 * a visible option that has units left. The deal-wide caps are checked apart (capsReached).
 */
export function dealInStock(now: Date): SQL {
  return sql`(${deals.published} and ${deals.open} and not ${deals.soldOut} and ${deals.closingDate} > ${now}
    and exists (select 1 from ${products} where ${products.dealId} = ${deals.id} and ${products.visible} and not ${products.disabled}
      and not ${products.soldOut} and (${products.totalRemaining} is null or ${products.totalRemaining} > 0)))`;
}

/** The deal sold its daily or weekly cap ("sold out for today"): not on sale until the cap lifts. */
export async function capsReached(db: Db, deal: { id: number; dailyCap: number | null; weeklyCap: number | null; countryCode: CountryCode }, now: Date): Promise<boolean> {
  const caps = await capSales(db, { dealId: deal.id, dailyCap: deal.dailyCap, weeklyCap: deal.weeklyCap, now, timeZone: marketTimeZone(deal.countryCode) });
  return caps.dailyReached || caps.weeklyReached;
}

/**
 * Signs an email address up to hear when a sold-out deal is back. A deal on sale now is refused
 * (DEAL_ON_SALE): there is nothing to wait for. Signing up twice is fine and changes nothing;
 * `created` says whether this was new.
 */
export async function subscribeSoldOutNotification(
  db: Db,
  request: { countryCode: CountryCode; dealId: number; email: string; now: Date },
): Promise<{ created: boolean }> {
  const email = request.email.trim();
  if (!isEmailAddress(email)) throw new CatalogError("EMAIL_INVALID");
  const [deal] = await db
    .select({ id: deals.id, dailyCap: deals.dailyCap, weeklyCap: deals.weeklyCap, countryCode: deals.countryCode, inStock: sql<boolean>`${dealInStock(request.now)}` })
    .from(deals)
    .where(and(eq(deals.id, request.dealId), eq(deals.countryCode, request.countryCode), eq(deals.published, true)))
    .limit(1);
  if (!deal) throw new CatalogError("DEAL_NOT_FOUND");
  if (deal.inStock && !(await capsReached(db, deal, request.now))) throw new CatalogError("DEAL_ON_SALE");
  const inserted = await db
    .insert(soldOutNotifications)
    .values({ dealId: deal.id, email, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ id: soldOutNotifications.id });
  return { created: inserted.length > 0 };
}
