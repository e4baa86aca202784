import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { localDate } from "../../lib/market-time";
import { voucherTimeZone } from "../refunds/voucher-facts";
import { bookingWindow, createBookingRequest, type TravelBooking } from "../travel/booking-requests";
import { travelError } from "../travel/errors";
import { vouchers } from "../vouchers/schema";
import { findMyVoucherRow, myVoucher } from "./my-vouchers";
import { bookableOnRedemption } from "./voucher-stay";

/**
 * "Choose your dates" on a booking-calendar-on-redemption voucher: its holder (the buyer, or the
 * recipient of a claimed gift; never a buyer who gave it away) asks for a stay. In one transaction
 * with the voucher locked: it must be usable (Ready to Redeem, available, not expired), its deal
 * booked on redemption, without a live booking; the stay must start after today and before the
 * voucher expires; then the travel module takes the nights (race-safe) and records the request.
 * The merchant confirms (the voucher becomes Booked) or declines on the portal.
 */
export async function requestStayBooking(db: Db, request: { customerId: number; voucherId: number; checkIn: string; checkOut: string; now: Date }): Promise<TravelBooking> {
  const checkIn = request.checkIn.trim();
  const checkOut = request.checkOut.trim();
  if (!checkIn && !checkOut) throw travelError("DATES_REQUIRED");
  if (!checkIn) throw travelError("ARRIVAL_REQUIRED");
  if (!checkOut) throw travelError("CHECK_OUT_REQUIRED");
  return db.transaction(async (tx) => {
    const row = await findMyVoucherRow(tx, request.customerId, request.voucherId);
    if (!row) throw travelError("VOUCHER_NOT_FOUND");
    const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, row.voucher.id)).for("update");
    const shown = myVoucher({ ...row, voucher }, request.customerId, request.now);
    if (!(await bookableOnRedemption(tx, voucher))) throw travelError("NOT_BOOKABLE");
    if (shown.code === null || shown.statusCode !== "READY_TO_REDEEM" || voucher.status !== "READY_TO_REDEEM") throw travelError("VOUCHER_NOT_USABLE");
    const timeZone = voucherTimeZone(voucher.currency);
    const window = bookingWindow(localDate(request.now, timeZone), localDate(voucher.expiresAt, timeZone));
    if (checkIn < window.firstCheckIn || checkIn > window.lastCheckIn) throw travelError("OUTSIDE_VOUCHER");
    return createBookingRequest(tx, {
      voucherId: voucher.id,
      customerId: request.customerId,
      productId: voucher.productId,
      checkIn,
      checkOut,
      now: request.now,
      actor: { type: "customer", id: String(request.customerId) },
    });
  });
}
