import { type SQL, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals, merchants } from "./schema";

export type MerchantRecord = typeof merchants.$inferSelect;
/** What staff may change on a merchant's record. */
export type MerchantRecordFields = Pick<MerchantRecord, "displayName" | "businessName" | "vatNumber" | "website" | "contactEmail" | "contactPhone" | "commissionBps" | "payoutBasis" | "payoutFrequency"
>;

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
    payoutBasis: row.payoutBasis,
    payoutFrequency: row.payoutFrequency,
  };
  return { before, after: fields };
}

/** A merchant's stored bank columns (the numbers sealed; modules/merchants/bank-details.ts opens and masks them). */
export type MerchantBankColumns = Pick<MerchantRecord, "bankAccountName" | "bankDetailsSealed" | "bankAccountLast4">;

const bankColumns = { bankAccountName: merchants.bankAccountName, bankDetailsSealed: merchants.bankDetailsSealed, bankAccountLast4: merchants.bankAccountLast4 };

/** A merchant's bank columns (null when there is no such merchant); `lock` takes the row lock for a change. */
export async function findMerchantBankColumns(db: Db, merchantId: number, lock = false): Promise<MerchantBankColumns | null> {
  const query = db.select(bankColumns).from(merchants).where(eq(merchants.id, merchantId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function setMerchantBankColumns(tx: Db, merchantId: number, columns: MerchantBankColumns): Promise<void> {
  await tx.update(merchants).set(columns).where(eq(merchants.id, merchantId));
}
