import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { dealPreviewTokens, deals } from "./schema";

/** Where a preview link leads: the deal's URL, or null for an unknown or expired token. */
export async function findPreviewDealPath(db: Db, token: string, countryCode: CountryCode, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const [row] = await db
    .select({ urlPath: deals.urlPath })
    .from(dealPreviewTokens)
    .innerJoin(deals, eq(deals.id, dealPreviewTokens.dealId))
    .where(and(eq(dealPreviewTokens.token, token), gt(dealPreviewTokens.expiresAt, now), eq(deals.countryCode, countryCode)))
    .limit(1);
  return row?.urlPath ?? null;
}
