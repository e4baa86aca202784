import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { CatalogError } from "./errors";
import { deals, soldOutNotifications } from "./schema";

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * Signs an email address up to hear when a sold-out deal is back. Signing up twice is fine and
 * changes nothing; `created` says whether this was new.
 */
export async function subscribeSoldOutNotification(
  db: Db,
  request: { countryCode: CountryCode; dealId: number; email: string; now: Date },
): Promise<{ created: boolean }> {
  const email = request.email.trim();
  if (!isEmailAddress(email)) throw new CatalogError("EMAIL_INVALID");
  const [deal] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, request.dealId), eq(deals.countryCode, request.countryCode), eq(deals.published, true)))
    .limit(1);
  if (!deal) throw new CatalogError("DEAL_NOT_FOUND");
  const inserted = await db
    .insert(soldOutNotifications)
    .values({ dealId: deal.id, email, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ id: soldOutNotifications.id });
  return { created: inserted.length > 0 };
}
