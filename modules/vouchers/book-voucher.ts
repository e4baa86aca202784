import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketTimeZone } from "../../lib/market-time";
import { deals } from "../catalog/schema";
import { transition } from "../states/transition";
import { redemptionError } from "./redemption-errors";
import { redemptionRefusal } from "./redemption-rules";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";

/**
 * Marks a voucher Booked inside the caller's transaction, when its merchant confirms the stay its
 * holder asked for (booking calendar on redemption; the till's "book" does the same by code). The
 * voucher's row is locked, so a refund or a redemption racing it either waits or wins; a voucher
 * that can no longer be booked (refunded, expired, redeemed) refuses with the till's message.
 */
export async function bookVoucher(
  tx: Db,
  booking: { voucherId: number; merchantId: number; merchantUserId: number; at: Date; data?: Record<string, unknown> },
): Promise<void> {
  const [row] = await tx
    .select({
      id: vouchers.id,
      status: vouchers.status,
      physical: vouchers.physical,
      availableAt: vouchers.availableAt,
      expiresAt: vouchers.expiresAt,
      redeemedAt: vouchers.redeemedAt,
      currency: vouchers.currency,
      dealType: deals.dealType,
      redemptionType: deals.redemptionType,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(eq(vouchers.id, booking.voucherId), eq(vouchers.merchantId, booking.merchantId)))
    .for("update", { of: vouchers });
  if (!row) throw redemptionError("UNKNOWN_CODE");
  // A booking is confirmed whatever the purchase delay said: the holder booked with a voucher they could see.
  const refused = redemptionRefusal({ ...row, availableAt: booking.at }, "book", booking.at, marketTimeZone(row.currency === "EUR" ? "IE" : "GB"));
  if (refused) throw refused;
  await transition(tx, VOUCHER_PROCESS, {
    id: row.id,
    from: row.status,
    to: "BOOKED",
    actor: { type: "merchant", id: String(booking.merchantUserId) },
    at: booking.at,
    data: { merchantId: booking.merchantId, ...booking.data },
    set: { redeemedBy: booking.merchantUserId },
  });
}
