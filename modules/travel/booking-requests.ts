import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { fixedClock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { enqueue } from "../mail/outbox";
import { findSellableProducts } from "../catalog/sellable-products";
import { giveBackNights, NightSoldOutError, takeNights } from "../inventory/kinds/nights";
import { type Actor, recordInitialStatus, transition } from "../states/transition";
import { bookVoucher } from "../vouchers/book-voucher";
import { vouchers } from "../vouchers/schema";
import { bookingAnswerEmail } from "./booking-answer-email";
import { BOOKING_STATUS_TEXT, TRAVEL_BOOKING_PROCESS } from "./booking-process";
import { travelError } from "./errors";
import { loadNightAvailability } from "./night-availability";
import { type TravelBookingStatus, travelBookings } from "./schema";
import { addDays, checkStay, GUESTS_PER_ROOM, isCalendarDay, isPassengerCount, stayNights } from "./stay-rules";
import { findTravelProducts } from "./travel-products";

export type TravelBooking = typeof travelBookings.$inferSelect;

/** A voucher is one unit of its product: one room (or package) on every night of the stay. */
const UNITS_PER_VOUCHER = 1;

/**
 * Asks for a stay with a voucher of a booking-calendar-on-redemption deal, inside the caller's
 * transaction (which has locked the voucher and checked it may be booked). The product's rows are
 * locked first, so this request and every basket adding the same product queue up; the stay must
 * be one the calendar offers (arrival, length, nights for sale with a room left after other
 * baskets' live holds), and its nights are taken at once with guarded updates: two holders asking
 * for the last room get it once. The booking starts REQUESTED, with its history.
 */
export async function createBookingRequest(
  tx: Db,
  request: { voucherId: number; customerId: number; productId: number; checkIn: string; checkOut: string; now: Date; actor: Actor },
): Promise<TravelBooking> {
  if (!isCalendarDay(request.checkIn) || !isCalendarDay(request.checkOut) || request.checkOut <= request.checkIn) throw travelError("NOT_AVAILABLE");
  await findSellableProducts(tx, [request.productId], { lock: true });
  const product = (await findTravelProducts(tx, [request.productId])).get(request.productId);
  if (!product) throw travelError("NOT_BOOKABLE");
  const availability = await loadNightAvailability(tx, { productIds: [product.productId], from: request.checkIn, to: request.checkOut, now: request.now });
  // One voucher, one room: checked as the calendar checks a stay for the two guests of a room.
  const stay = checkStay({ checkIn: request.checkIn, checkOut: request.checkOut, guests: GUESTS_PER_ROOM, basis: product.priceBasis, nights: availability.get(product.productId) ?? new Map() });
  if (!stay.ok) throw travelError("NOT_AVAILABLE");
  try {
    await takeNights(tx, { productId: product.productId, nights: stay.nights, units: UNITS_PER_VOUCHER });
  } catch (error) {
    if (error instanceof NightSoldOutError) throw travelError("NOT_AVAILABLE");
    throw error;
  }
  const [booking] = await tx
    .insert(travelBookings)
    .values({
      voucherId: request.voucherId,
      customerId: request.customerId,
      productId: product.productId,
      checkInDate: request.checkIn,
      checkOutDate: request.checkOut,
      guests: isPassengerCount(product.occupancy) ? product.occupancy : GUESTS_PER_ROOM,
      status: "REQUESTED",
      requestedAt: request.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!booking) throw travelError("ALREADY_REQUESTED");
  await recordInitialStatus(tx, TRAVEL_BOOKING_PROCESS, [booking], { actor: request.actor, at: request.now });
  return booking;
}

/** The dates a booking request must fall in: from tomorrow, starting before the voucher expires (docs/decisions/travel-booking.md). */
export function bookingWindow(today: string, voucherExpiresOn: string): { firstCheckIn: string; lastCheckIn: string } {
  return { firstCheckIn: addDays(today, 1), lastCheckIn: addDays(voucherExpiresOn, -1) };
}

/**
 * The merchant's requested booking, locked: its voucher first, then the booking (the order a
 * refund of the voucher takes them in, so the two never deadlock). Another merchant's booking is
 * not found; one already answered is refused.
 */
async function lockMerchantBooking(tx: Db, bookingId: number, merchantId: number) {
  const [found] = await tx.select({ voucherId: travelBookings.voucherId }).from(travelBookings).where(eq(travelBookings.id, bookingId));
  if (!found) throw travelError("BOOKING_NOT_FOUND");
  const [voucher] = await tx.select({ merchantId: vouchers.merchantId }).from(vouchers).where(eq(vouchers.id, found.voucherId)).for("update");
  if (!voucher || voucher.merchantId !== merchantId) throw travelError("BOOKING_NOT_FOUND");
  const [booking] = await tx.select().from(travelBookings).where(eq(travelBookings.id, bookingId)).for("update");
  if (booking.status !== "REQUESTED") throw travelError("BOOKING_DECIDED");
  return booking;
}

/**
 * The merchant confirms a requested stay: the booking is CONFIRMED and its voucher Booked (spec
 * §4 "Booked (travel documents within 3 working days)"), both with their history, together or
 * not at all. Another merchant's booking is simply not found.
 */
/** A merchant's answer to a requested stay; `linkOrigin` gives the shopper's brand's public origin for the email's link. */
export interface BookingDecision {
  bookingId: number;
  merchantId: number;
  merchantUserId: number;
  at: Date;
  linkOrigin(brand: BrandId): string;
}

/** Tells the voucher holder the merchant's answer, in the decision's transaction (the outbox sends it after commit). */
async function emailBookingAnswer(tx: Db, booking: TravelBooking, decision: BookingDecision, confirmed: boolean): Promise<void> {
  const [holder] = await tx
    .select({ email: customers.email, firstName: customers.firstName, brand: customers.brand, item: vouchers.dealTitle })
    .from(vouchers)
    .innerJoin(customers, eq(customers.id, vouchers.customerId))
    .where(eq(vouchers.id, booking.voucherId));
  if (!holder) return;
  const voucherUrl = `${decision.linkOrigin(holder.brand)}/myaccount/vouchers/${booking.voucherId}`;
  const mail = bookingAnswerEmail({ brand: holder.brand, to: holder.email, firstName: holder.firstName, item: holder.item, checkIn: booking.checkInDate, checkOut: booking.checkOutDate, confirmed, voucherUrl });
  await enqueue(tx, mail, fixedClock(decision.at));
}

export async function confirmBooking(db: Db, decision: BookingDecision): Promise<TravelBooking> {
  return db.transaction(async (tx) => {
    const booking = await lockMerchantBooking(tx, decision.bookingId, decision.merchantId);
    const actor: Actor = { type: "merchant", id: String(decision.merchantUserId) };
    await transition(tx, TRAVEL_BOOKING_PROCESS, { id: booking.id, from: "REQUESTED", to: "CONFIRMED", actor, at: decision.at, set: { decidedAt: decision.at } });
    await bookVoucher(tx, {
      voucherId: booking.voucherId,
      merchantId: decision.merchantId,
      merchantUserId: decision.merchantUserId,
      at: decision.at,
      data: { travelBookingId: booking.id, checkIn: booking.checkInDate, checkOut: booking.checkOutDate },
    });
    await emailBookingAnswer(tx, booking, decision, true);
    return { ...booking, status: "CONFIRMED" as const, decidedAt: decision.at };
  });
}

/** The merchant declines a requested stay: its nights go back on sale and the holder may ask for other dates. */
export async function declineBooking(db: Db, decision: BookingDecision & { reason?: string }): Promise<TravelBooking> {
  return db.transaction(async (tx) => {
    const booking = await lockMerchantBooking(tx, decision.bookingId, decision.merchantId);
    const actor: Actor = { type: "merchant", id: String(decision.merchantUserId) };
    await transition(tx, TRAVEL_BOOKING_PROCESS, { id: booking.id, from: "REQUESTED", to: "DECLINED", actor, at: decision.at, reason: decision.reason, set: { decidedAt: decision.at } });
    await giveBackNights(tx, { productId: booking.productId, nights: stayNights(booking.checkInDate, booking.checkOutDate), units: UNITS_PER_VOUCHER });
    await emailBookingAnswer(tx, booking, decision, false);
    return { ...booking, status: "DECLINED" as const, decidedAt: decision.at };
  });
}

/**
 * A refunded (or credited) voucher's live booking is cancelled in the refund's transaction, its
 * nights back on sale. Nothing to do for a voucher without one.
 */
export async function cancelVoucherBooking(tx: Db, cancel: { voucherId: number; actor: Actor; at: Date; reason?: string }): Promise<void> {
  const [booking] = await tx
    .select()
    .from(travelBookings)
    .where(and(eq(travelBookings.voucherId, cancel.voucherId), inArray(travelBookings.status, ["REQUESTED", "CONFIRMED"])))
    .for("update");
  if (!booking) return;
  await transition(tx, TRAVEL_BOOKING_PROCESS, { id: booking.id, from: booking.status, to: "CANCELLED", actor: cancel.actor, at: cancel.at, reason: cancel.reason, set: { decidedAt: cancel.at } });
  await giveBackNights(tx, { productId: booking.productId, nights: stayNights(booking.checkInDate, booking.checkOutDate), units: UNITS_PER_VOUCHER });
}

/** A voucher's latest booking request (any status), with the text its holder reads; null when none. */
export async function findVoucherBooking(db: Db, voucherId: number): Promise<(TravelBooking & { statusText: string; nights: number }) | null> {
  const [booking] = await db.select().from(travelBookings).where(eq(travelBookings.voucherId, voucherId)).orderBy(desc(travelBookings.id)).limit(1);
  if (!booking) return null;
  return { ...booking, statusText: BOOKING_STATUS_TEXT[booking.status], nights: stayNights(booking.checkInDate, booking.checkOutDate).length };
}

export const MERCHANT_BOOKINGS_PAGE_SIZE = 20;

/** A booking request as the merchant's portal lists it. */
export interface MerchantBookingRow {
  id: number;
  status: TravelBookingStatus;
  statusText: string;
  voucherCode: string;
  dealTitle: string;
  productName: string;
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  guests: number;
  requestedAt: Date;
  decidedAt: Date | null;
}

/** The merchant's booking requests: waiting ones first (oldest first), then the answered ones, newest first. */
export async function listMerchantBookings(db: Db, merchantId: number, page: number): Promise<{ bookings: MerchantBookingRow[]; page: number; pageCount: number; waiting: number }> {
  const where = eq(vouchers.merchantId, merchantId);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ booking: travelBookings, code: vouchers.code, dealTitle: vouchers.dealTitle, productName: vouchers.productName })
      .from(travelBookings)
      .innerJoin(vouchers, eq(vouchers.id, travelBookings.voucherId))
      .where(where)
      .orderBy(
        sql`case when ${travelBookings.status} = 'REQUESTED' then 0 else 1 end`,
        sql`case when ${travelBookings.status} = 'REQUESTED' then ${travelBookings.requestedAt} end asc`,
        desc(travelBookings.requestedAt),
        desc(travelBookings.id),
      )
      .limit(MERCHANT_BOOKINGS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * MERCHANT_BOOKINGS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int`, waiting: sql<number>`(count(*) filter (where ${travelBookings.status} = 'REQUESTED'))::int` })
      .from(travelBookings)
      .innerJoin(vouchers, eq(vouchers.id, travelBookings.voucherId))
      .where(where),
  ]);
  return {
    bookings: rows.map(({ booking, code, dealTitle, productName }) => ({
      id: booking.id,
      status: booking.status,
      statusText: BOOKING_STATUS_TEXT[booking.status],
      voucherCode: code,
      dealTitle,
      productName,
      checkInDate: booking.checkInDate,
      checkOutDate: booking.checkOutDate,
      nights: stayNights(booking.checkInDate, booking.checkOutDate).length,
      guests: booking.guests,
      requestedAt: booking.requestedAt,
      decidedAt: booking.decidedAt,
    })),
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(Number(counts?.total ?? 0) / MERCHANT_BOOKINGS_PAGE_SIZE)),
    waiting: Number(counts?.waiting ?? 0),
  };
}
