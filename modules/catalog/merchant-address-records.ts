import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchantAddresses } from "./schema";

export type MerchantAddress = typeof merchantAddresses.$inferSelect;
export type NewMerchantAddress = Omit<typeof merchantAddresses.$inferInsert, "id" | "isMain">;

/** A merchant's addresses, the main one first. */
export async function listMerchantAddresses(db: Db, merchantId: number): Promise<MerchantAddress[]> {
  return db.select().from(merchantAddresses).where(eq(merchantAddresses.merchantId, merchantId)).orderBy(desc(merchantAddresses.isMain), asc(merchantAddresses.id));
}

/** Adds an address; a merchant's first address is its main one. */
export async function insertMerchantAddress(tx: Db, address: NewMerchantAddress): Promise<MerchantAddress> {
  const existing = await tx.$count(merchantAddresses, eq(merchantAddresses.merchantId, address.merchantId));
  const [added] = await tx
    .insert(merchantAddresses)
    .values({ ...address, isMain: existing === 0 })
    .returning();
  return added;
}

/** Removes one of a merchant's addresses (null when it is not theirs); when it was the main one, the oldest left becomes main. */
export async function deleteMerchantAddress(tx: Db, merchantId: number, addressId: number): Promise<MerchantAddress | null> {
  const [removed] = await tx
    .delete(merchantAddresses)
    .where(and(eq(merchantAddresses.id, addressId), eq(merchantAddresses.merchantId, merchantId)))
    .returning();
  if (!removed) return null;
  if (removed.isMain) {
    const [next] = await tx
      .select({ id: merchantAddresses.id })
      .from(merchantAddresses)
      .where(eq(merchantAddresses.merchantId, merchantId))
      .orderBy(asc(merchantAddresses.id))
      .limit(1);
    if (next) await tx.update(merchantAddresses).set({ isMain: true }).where(eq(merchantAddresses.id, next.id));
  }
  return removed;
}
