import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { giftClaims } from "./schema";

/** The vouchers' standing gifts (sent and waiting, or claimed), by voucher id: what codeVisibility needs. A cancelled gift is no gift. */
export async function openGiftsOf(db: Db, voucherIds: readonly number[]): Promise<Map<number, "SENT" | "CLAIMED">> {
  if (voucherIds.length === 0) return new Map();
  const rows = await db
    .select({ voucherId: giftClaims.voucherId, status: giftClaims.status })
    .from(giftClaims)
    .where(and(inArray(giftClaims.voucherId, [...voucherIds]), ne(giftClaims.status, "CANCELLED")));
  return new Map(rows.flatMap((row) => (row.status === "CANCELLED" ? [] : [[row.voucherId, row.status] as const])));
}
