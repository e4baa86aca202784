import { type SQL, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals, merchants } from "./schema";

export type MerchantRecord = typeof merchants.$inferSelect;
/** What staff may change on a merchant's record. */
export type MerchantRecordFields = Pick<MerchantRecord, "displayName" | "businessName" | "vatNumber" | "website" | "contactEmail" | "contactPhone" | "commissionBps">;

export interface MerchantListRow {
  id: number;
  displayName: string;
  businessName: string;
  contactEmail: string | null;
  commissionBps: number;
  deals: number;
}

const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function merchantsWhere(q: string | undefined): SQL | undefined {
  const words = q?.trim();
  if (!words) return undefined;
  if (/^\d{1,9}$/.test(words)) return eq(merchants.id, Number(words));
  const pattern = likePattern(words);
  return or(ilike(merchants.displayName, pattern), ilike(merchants.businessName, pattern));
}

/** One page of merchants by name (trigram-indexed search by either name, or an id), with how many deals each has. */
export async function listMerchantRecords(db: Db, query: { q?: string; page?: number; pageSize?: number }): Promise<{ rows: MerchantListRow[]; total: number }> {
  const pageSize = query.pageSize ?? 50;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = merchantsWhere(query.q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: merchants.id,
        displayName: merchants.displayName,
        businessName: merchants.businessName,
        contactEmail: merchants.contactEmail,
        commissionBps: merchants.commissionBps,
        deals: sql<number>`(select count(*)::int from ${deals} where ${deals.merchantId} = ${merchants.id})`,
      })
      .from(merchants)
      .where(where)
      .orderBy(asc(merchants.displayName), asc(merchants.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(merchants).where(where),
  ]);
  return { rows, total };
}

export async function findMerchantRecord(db: Db, merchantId: number): Promise<MerchantRecord | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row ?? null;
}

/** Changes a merchant's record under a row lock; answers the fields before and after (null when there is no such merchant). */
export async function updateMerchantRecord(tx: Db, merchantId: number, fields: MerchantRecordFields): Promise<{ before: MerchantRecordFields; after: MerchantRecordFields } | null> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for("update");
  if (!row) return null;
  await tx.update(merchants).set(fields).where(eq(merchants.id, merchantId));
  const before: MerchantRecordFields = {
    displayName: row.displayName,
    businessName: row.businessName,
    vatNumber: row.vatNumber,
    website: row.website,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    commissionBps: row.commissionBps,
  };
  return { before, after: fields };
}
