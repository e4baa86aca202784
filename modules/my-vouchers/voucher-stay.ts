import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { localDate } from "../../lib/market-time";
import type { LinePassenger } from "../basket/schema";
import { deals } from "../catalog/schema";
import { orderLineStay } from "../orders/order-line-stay";
import { bookingWindow, findVoucherBooking } from "../travel/booking-requests";
import { loadFlights } from "../travel/flight-seats";
import { roomsFor, stayNights } from "../travel/stay-rules";
import { findTravelProducts } from "../travel/travel-products";
import { orderLines } from "../orders/schema";
import type { VoucherRow } from "../refunds/voucher-facts";
import { vouchers } from "../vouchers/schema";
import type { DisplayStatus } from "../vouchers/voucher-display";

/** One flight of a booked pair as the voucher shows it. */
export interface VoucherFlight {
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  departsAt: Date;
  arrivesAt: Date;
}

/** The stay a travel voucher was bought for (spec: "Vouchers for travel show the booked dates and passengers"). */
export interface VoucherStay {
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  guests: number;
  rooms: number;
  flights: { outbound: VoucherFlight | null; inbound: VoucherFlight | null; departureAirport: string; arrivalAirport: string } | null;
  passengers: LinePassenger[];
}

/** A stay asked for after purchase (booking calendar on redemption), as its holder reads it. */
export interface VoucherBooking {
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  guests: number;
  status: "REQUESTED" | "CONFIRMED" | "DECLINED" | "CANCELLED";
  statusText: string;
}

export interface VoucherTravel {
  stay: VoucherStay | null;
  booking: VoucherBooking | null;
  /** The holder may ask for dates now, within these check-in days (YYYY-MM-DD); null when not. */
  bookable: { firstCheckIn: string; lastCheckIn: string } | null;
}

/** Whether a voucher can be used to ask for a stay in its status. */
const BOOKABLE_STATUSES: readonly DisplayStatus[] = ["READY_TO_REDEEM"];

/**
 * The travel side of a voucher: the stay it was bought for (dates, nights, rooms, flights and
 * passengers, from its order line), or, for a booking-calendar-on-redemption deal sold undated,
 * the booking asked for after purchase and whether dates may be asked for now. Null for a voucher
 * that is not travel. `codeShown`: the viewer may use the voucher (not given away, available).
 */
export async function voucherTravel(db: Db, voucher: VoucherRow, context: { now: Date; timeZone: string; codeShown: boolean; statusCode: DisplayStatus }): Promise<VoucherTravel | null> {
  const [line] = await db
    .select({ dealType: deals.dealType, redemptionType: deals.redemptionType, passengers: orderLines.passengers })
    .from(orderLines)
    .innerJoin(deals, eq(deals.id, voucher.dealId))
    .where(eq(orderLines.id, voucher.orderLineId));
  if (!line || line.dealType !== "travel") return null;
  const stay = await orderLineStay(db, voucher.orderLineId);
  if (stay) {
    const flights = stay.flights ? await loadFlights(db, [stay.flights.outboundFlightId, stay.flights.inboundFlightId]) : null;
    const leg = (id: number): VoucherFlight | null => {
      const flight = flights?.get(id);
      return flight ? { flightNumber: flight.flightNumber, departureAirport: flight.departureAirport, arrivalAirport: flight.arrivalAirport, departsAt: flight.departsAt, arrivesAt: flight.arrivesAt } : null;
    };
    return {
      stay: {
        checkInDate: stay.checkInDate,
        checkOutDate: stay.checkOutDate,
        nights: stayNights(stay.checkInDate, stay.checkOutDate).length,
        guests: stay.guests,
        rooms: roomsFor(stay.guests),
        flights: stay.flights
          ? { outbound: leg(stay.flights.outboundFlightId), inbound: leg(stay.flights.inboundFlightId), departureAirport: stay.flights.departureAirport, arrivalAirport: stay.flights.arrivalAirport }
          : null,
        passengers: line.passengers ?? [],
      },
      booking: null,
      bookable: null,
    };
  }
  if (!(await bookableOnRedemption(db, voucher))) return null;
  const booking = await findVoucherBooking(db, voucher.id);
  const open = booking && (booking.status === "REQUESTED" || booking.status === "CONFIRMED");
  const usable = context.codeShown && BOOKABLE_STATUSES.includes(context.statusCode) && voucher.status === "READY_TO_REDEEM";
  return {
    stay: null,
    booking: booking && {
      checkInDate: booking.checkInDate,
      checkOutDate: booking.checkOutDate,
      nights: booking.nights,
      guests: booking.guests,
      status: booking.status,
      statusText: booking.statusText,
    },
    bookable: usable && !open ? bookingWindow(localDate(context.now, context.timeZone), localDate(voucher.expiresAt, context.timeZone)) : null,
  };
}

/** A voucher of a "calendar" deal's dated product, sold without dates: its holder picks them after purchase. */
export async function bookableOnRedemption(db: Db, voucher: Pick<VoucherRow, "dealId" | "productId" | "orderLineId">): Promise<boolean> {
  const [[deal], products, stay] = await Promise.all([
    db.select({ redemptionType: deals.redemptionType }).from(deals).where(eq(deals.id, voucher.dealId)),
    findTravelProducts(db, [voucher.productId]),
    orderLineStay(db, voucher.orderLineId),
  ]);
  return deal?.redemptionType === "calendar" && products.has(voucher.productId) && stay === null;
}

/** "Tue, 14 September 2027": a calendar day, not an instant. */
function stayDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The stay as lines of the printable voucher: dates, nights, guests, flights and passengers (or the
 * confirmed booking of a booking-on-redemption voucher); empty for any other voucher.
 */
export async function printableStayLines(db: Db, voucherId: number): Promise<string[]> {
  const [voucher] = await db.select({ orderLineId: vouchers.orderLineId }).from(vouchers).where(eq(vouchers.id, voucherId));
  if (!voucher) return [];
  const stay = await orderLineStay(db, voucher.orderLineId);
  if (!stay) {
    const booking = await findVoucherBooking(db, voucherId);
    if (!booking || booking.status !== "CONFIRMED") return [];
    return [`Booked stay: ${stayDay(booking.checkInDate)} to ${stayDay(booking.checkOutDate)} (${plural(booking.nights, "night")})`];
  }
  const [line] = await db.select({ passengers: orderLines.passengers }).from(orderLines).where(eq(orderLines.id, voucher.orderLineId));
  const passengers = (line?.passengers ?? []).map((passenger) => `${passenger.title} ${passenger.firstNames} ${passenger.lastName}`);
  return [
    `Check-in: ${stayDay(stay.checkInDate)}`,
    `Check-out: ${stayDay(stay.checkOutDate)}`,
    `${plural(stayNights(stay.checkInDate, stay.checkOutDate).length, "night")}, ${plural(stay.guests, "passenger")}, ${plural(roomsFor(stay.guests), "room")}`,
    ...(stay.flights ? [`Flights: ${stay.flights.departureAirport} to ${stay.flights.arrivalAirport} and back`] : []),
    ...(passengers.length > 0 ? [`Passengers: ${passengers.join(", ")}`] : []),
  ];
}
