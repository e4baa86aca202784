import { and, desc, eq, gt } from "drizzle-orm";
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

/** Stores a preview link's token for a deal; answers false when the deal does not exist. */
export async function insertPreviewToken(db: Db, dealId: number, token: string, expiresAt: Date): Promise<boolean> {
  const [deal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId)).for("update");
  if (!deal) return false;
  await db.insert(dealPreviewTokens).values({ token, dealId, expiresAt });
  return true;
}

/** A deal's preview links still open, the longest-lived first. */
export function listPreviewTokens(db: Db, dealId: number, now: Date): Promise<{ token: string; expiresAt: Date }[]> {
  return db
    .select({ token: dealPreviewTokens.token, expiresAt: dealPreviewTokens.expiresAt })
    .from(dealPreviewTokens)
    .where(and(eq(dealPreviewTokens.dealId, dealId), gt(dealPreviewTokens.expiresAt, now)))
    .orderBy(desc(dealPreviewTokens.expiresAt))
    .limit(20);
}
