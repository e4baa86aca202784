/**
 * Travel from the basket to the voucher: a dated stay priced, held per night, gated by its
 * passengers, sold with its flight seats, shown on the voucher and given back on refund; and the
 * booking calendar on redemption (dates picked after purchase, the merchant's answer).
 */
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertFlightPair, insertTravelStay, passengerForms } from "../../tests/support/travel-fixtures";
import { addProduct } from "../basket/add-product";
import { basketData } from "../basket/basket-data";
import { createBasket } from "../basket/create-basket";
import { BASKET_ERRORS } from "../basket/errors";
import { refreshHolds } from "../basket/refresh-holds";
import { savePassengers } from "../basket/save-passengers";
import { basketLines } from "../basket/schema";
import { viewBasket } from "../basket/view-basket";
import { describeCheckout } from "../checkout/checkout-data";
import { quoteCheckout } from "../checkout/quote-checkout";
import { inventoryNights, stockReservations } from "../inventory/schema";
import { bookingWindow } from "./booking-requests";
import { requestStayBooking } from "../my-vouchers/book-stay";
import { voucherDetail } from "../my-vouchers/voucher-detail";
import { printableStayLines } from "../my-vouchers/voucher-stay";
import { renderVoucherPdf } from "../vouchers/voucher-pdf";
import { pdfTextLines } from "../../tests/support/pdf-text";
import { placeOrder } from "../orders/place-order";
import { orderLines } from "../orders/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { refundVoucher } from "../refunds/refund-voucher";
import { statusHistory } from "../states/transition";
import { outboxMessages } from "../mail/schema";
import { vouchers } from "../vouchers/schema";
import { confirmBooking, declineBooking, listMerchantBookings } from "./booking-requests";
import { TRAVEL_BOOKING_PROCESS } from "./booking-process";
import { TRAVEL_ERRORS } from "./errors";
import { loadNightAvailability } from "./night-availability";
import { PASSENGER_MESSAGES } from "./passengers";
import { travelFlights } from "../inventory/schema";
import { travelBookings } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const start = new Date("2026-11-21T12:00:00Z");
const clock = new ManualClock(start);
const log = pino({ level: "silent" });
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

async function newShopper(vip = false) {
  const customer = await insertCustomer(database.db, { vip });
  return { id: customer.id, email: customer.email, vip };
}

type Shopper = Awaited<ReturnType<typeof newShopper>>;

async function pay(shopper: Shopper, basketToken: string) {
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  return placeOrder(placementServices(database.db, clock), {
    basketToken,
    idempotencyKey: `travel-${nextKey}`,
    customer: shopper,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
}

async function unitsLeft(productId: number, from: string, to: string) {
  const nights = (await loadNightAvailability(database.db, { productIds: [productId], from, to, now: clock.now() })).get(productId)!;
  return [...nights.values()].map((night) => night.unitsLeft);
}

async function soldOn(productId: number) {
  const rows = await database.db.select().from(inventoryNights).where(eq(inventoryNights.productId, productId)).orderBy(inventoryNights.night);
  return Object.fromEntries(rows.filter((row) => row.sold > 0).map((row) => [row.night, row.sold]));
}

const stay = (productId: number, extra: Record<string, unknown> = {}) => ({ productId, quantity: 1, checkInDate: "2027-03-01", checkOutDate: "2027-03-04", guests: 2, ...extra });

describe("a dated stay in the basket", () => {
  it("costs its nights for every room, VIP rates for VIPs, and holds a room on each night for the basket's reservation", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", capacity: 3 });
    const shopper = await newShopper();
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [stay(product.id)] }, actorAt(clock.now(), shopper));
    const view = await viewBasket(database.db, basket, actorAt(clock.now(), shopper));
    const line = basketData(view, null).products[0];
    expect(line).toMatchObject({ quantity: 1, price: 15_000, lineTotal: 15_000, checkInDate: "2027-03-01", checkOutDate: "2027-03-04", numberOfNights: 3, guests: 2, rooms: 1, problem: null });
    // The deal's 50% off applies to the stay's price.
    expect(line.originalPrice).toBe(30_000);
    // Another shopper sees one room fewer on the three nights, and none fewer on the check-out night.
    expect(await unitsLeft(product.id, "2027-02-28", "2027-03-04")).toEqual([3, 2, 2, 2, 3]);

    const vip = await newShopper(true);
    const vipBasket = await createBasket(database.db, { eligibleForVip: false, products: [stay(product.id, { guests: 4 })] }, actorAt(clock.now(), vip));
    const vipLine = basketData(await viewBasket(database.db, vipBasket, actorAt(clock.now(), vip)), null).products[0];
    // 4 guests: two rooms for three nights at the VIP rate (45.00).
    expect(vipLine).toMatchObject({ price: 27_000, rooms: 2 });
    expect(await unitsLeft(product.id, "2027-03-01", "2027-03-03")).toEqual([0, 0, 0]);

    // When the holds run out the rooms are free again; refreshing takes a basket's back while they are.
    clock.advance(11 * 60_000);
    expect(await unitsLeft(product.id, "2027-03-01", "2027-03-03")).toEqual([3, 3, 3]);
    expect(await refreshHolds(database.db, basket.token, actorAt(clock.now(), shopper))).toEqual({ allHeld: true });
    expect(await unitsLeft(product.id, "2027-03-01", "2027-03-03")).toEqual([2, 2, 2]);
  });

  it("answers with the spec's messages when dates are missing, the nights are taken or the passengers are odd", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", capacity: 1, redemptionType: "standard-travel" });
    const shopper = await newShopper();
    const add = (input: Record<string, unknown>) => createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1, ...input }] }, actorAt(clock.now(), shopper));
    await expect(add({ guests: 2 })).rejects.toThrow(BASKET_ERRORS.TRAVEL_DATES_REQUIRED.message);
    await expect(add({ checkInDate: "2027-03-01", guests: 2 })).rejects.toThrow("Please select your check-out date.");
    await expect(add({ checkOutDate: "2027-03-04", guests: 2 })).rejects.toThrow("Please choose your arrival date");
    await expect(add({ checkInDate: "2027-03-01", checkOutDate: "2027-03-04", guests: 3 })).rejects.toThrow(BASKET_ERRORS.TRAVEL_GUESTS_INVALID.message);
    await expect(add({ checkInDate: "2027-02-30", checkOutDate: "2027-03-04", guests: 2 })).rejects.toThrow(BASKET_ERRORS.TRAVEL_DATES_REQUIRED.message);
    // Beyond the rates (no night for sale) and two rooms where one is left.
    await expect(add({ checkInDate: "2027-06-01", checkOutDate: "2027-06-03", guests: 2 })).rejects.toThrow("Sorry, no products available for selected dates...");
    await expect(add({ checkInDate: "2027-03-01", checkOutDate: "2027-03-03", guests: 4 })).rejects.toThrow("Sorry, no products available for selected dates...");
    await add({ checkInDate: "2027-03-01", checkOutDate: "2027-03-03", guests: 2 });
    const other = await newShopper();
    await expect(
      createBasket(database.db, { eligibleForVip: false, products: [stay(product.id, { checkInDate: "2027-03-02", checkOutDate: "2027-03-05" })] }, actorAt(clock.now(), other)),
    ).rejects.toThrow("Sorry, no products available for selected dates...");
    // Nothing was written by the refusals.
    expect(await database.db.select().from(stockReservations).where(eq(stockReservations.productId, product.id))).toHaveLength(2);
  });

  it("adds the chosen flights' difference for every passenger, and needs a seat for each", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", withFlights: true, redemptionType: "choose-your-flight" });
    const { outbound, inbound } = await insertFlightPair(database.db, deal.id, { checkIn: "2027-03-01", checkOut: "2027-03-04", seats: 3, outboundDiff: 1500, inboundDiff: 500 });
    const shopper = await newShopper();
    const add = (input: Record<string, unknown>) => createBasket(database.db, { eligibleForVip: false, products: [stay(product.id, input)] }, actorAt(clock.now(), shopper));
    await expect(add({})).rejects.toThrow(BASKET_ERRORS.TRAVEL_FLIGHTS_REQUIRED.message);
    await expect(add({ flights: { outboundFlightId: inbound.id, inboundFlightId: outbound.id } })).rejects.toThrow(BASKET_ERRORS.TRAVEL_FLIGHTS_UNAVAILABLE.message);
    await expect(add({ guests: 4, flights: { outboundFlightId: outbound.id, inboundFlightId: inbound.id } })).rejects.toThrow(BASKET_ERRORS.TRAVEL_FLIGHTS_UNAVAILABLE.message);
    const basket = await add({ flights: { outboundFlightId: outbound.id, inboundFlightId: inbound.id } });
    const line = basketData(await viewBasket(database.db, basket, actorAt(clock.now(), shopper)), null).products[0];
    expect(line.price).toBe(15_000 + 2 * 2000);
    expect(line.flights).toEqual({ outboundFlightId: outbound.id, inboundFlightId: inbound.id, departureAirport: "LGW", arrivalAirport: "PMI", priceDiff: 2000 });
  });

  it("books a price-per-person deal's stay once for all its passengers", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", pricePerPerson: true, redemptionType: "standard-travel" });
    const shopper = await newShopper();
    await expect(createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(clock.now(), shopper))).rejects.toThrow(
      BASKET_ERRORS.TRAVEL_DATES_REQUIRED.message,
    );
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [stay(product.id, { quantity: 2 })] }, actorAt(clock.now(), shopper));
    const line = basketData(await viewBasket(database.db, basket, actorAt(clock.now(), shopper)), null).products[0];
    expect(line).toMatchObject({ quantity: 1, price: 15_000, problem: null });
  });

  it("keeps the hotel-ads attribution on the line, mapped", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25" });
    const shopper = await newShopper();
    const basket = await createBasket(
      database.db,
      { eligibleForVip: false, products: [stay(product.id, { leadInProductId: product.id, utmMedium: "free-hotel-ads", utmSource: "google" })] },
      actorAt(clock.now(), shopper),
    );
    const [line] = await database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    expect(line).toMatchObject({ leadInProductId: product.id, utmMedium: "free", utmSource: "google" });
  });
});

describe("ordering a stay", () => {
  it("waits for valid passengers, then sells each night and the seats, copies the stay to the order and shows it on the voucher", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", withFlights: true, capacity: 2, redemptionType: "choose-your-flight" });
    const { outbound, inbound } = await insertFlightPair(database.db, deal.id, { checkIn: "2027-03-01", checkOut: "2027-03-04", seats: 4, outboundDiff: 1000 });
    const shopper = await newShopper();
    const actor = actorAt(clock.now(), shopper);
    const basket = await addProduct(
      database.db,
      (await createBasket(database.db, { eligibleForVip: false, products: [] }, actor)).token,
      { ...stay(product.id, { flights: { outboundFlightId: outbound.id, inboundFlightId: inbound.id }, utmSource: "paid-hotel-ads" }) },
      actor,
    );
    const lineId = basket.lines[0].id;

    const quote = await quoteCheckout(database.db, basket.basket, actor);
    expect(quote.problems.map((problem) => problem.message)).toEqual([PASSENGER_MESSAGES.count]);
    const data = await describeCheckout(database.db, quote, { customer: null, device: { applePay: false, specialBrowser: false }, enabledMethods: { klarna: false, clearpay: false }, status: "READY", now: clock.now() });
    expect(data).toMatchObject({ isTravel: true, isTravelValid: false, canCheckout: false });
    const refused = await pay(shopper, basket.basket.token);
    expect(refused).toMatchObject({ ok: false, error: { message: PASSENGER_MESSAGES.count } });

    const invalid = await savePassengers(database.db, basket.basket.token, lineId, [{ ...passengerForms(1)[0], contactPhone: "" }], actor);
    expect(invalid).toMatchObject({ ok: false, errors: [{ contactPhone: PASSENGER_MESSAGES.contactPhone }, { title: PASSENGER_MESSAGES.title }] });
    expect(await savePassengers(database.db, basket.basket.token, lineId, passengerForms(2), actor)).toMatchObject({ ok: true });

    const placed = await pay(shopper, basket.basket.token);
    if (!placed.ok) throw new Error(placed.error.message);
    expect(await soldOn(product.id)).toEqual({ "2027-03-01": 1, "2027-03-02": 1, "2027-03-03": 1 });
    const seats = await database.db.select().from(travelFlights).where(eq(travelFlights.dealId, deal.id));
    expect(seats.map((flight) => flight.seatsSold)).toEqual([2, 2]);
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(line).toMatchObject({ quantity: 1, unitPrice: 15_000 + 2 * 1000, checkInDate: "2027-03-01", checkOutDate: "2027-03-04", guests: 2, utmSource: "paid" });
    expect(line.passengers).toHaveLength(2);
    expect(line.flights).toMatchObject({ outboundFlightId: outbound.id, inboundFlightId: inbound.id });

    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id));
    const detail = await voucherDetail(database.db, { customerId: shopper.id, voucherId: voucher.id, now: clock.now() });
    expect(detail?.travel?.stay).toMatchObject({
      checkInDate: "2027-03-01",
      checkOutDate: "2027-03-04",
      nights: 3,
      guests: 2,
      rooms: 1,
      flights: { outbound: { flightNumber: outbound.flightNumber }, inbound: { flightNumber: inbound.flightNumber } },
      passengers: [{ title: "Mr", firstNames: "Alan", lastName: "Turing", dateOfBirth: "1972-06-23", contactPhone: "07700 900123" }, { title: "Mrs" }],
    });

    // The printable voucher carries the stay too.
    const lines = await printableStayLines(database.db, voucher.id);
    expect(lines).toEqual([
      "Check-in: Mon, 1 March 2027",
      "Check-out: Thu, 4 March 2027",
      "3 nights, 2 passengers, 1 room",
      "Flights: LGW to PMI and back",
      "Passengers: Mr Alan Turing, Mrs Grace Hopper",
    ]);
    const pdf = await renderVoucherPdf({ ...detail!, brandName: "Wowcher", customerName: "Alan Turing", stayLines: lines }, { compress: false });
    expect(pdfTextLines(pdf.toString("latin1"))).toEqual(expect.arrayContaining(["Your stay", "Check-in: Mon, 1 March 2027", "Passengers: Mr Alan Turing, Mrs Grace Hopper"]));

    // A refund of the voucher puts the nights and the seats back on sale.
    await refundVoucher(database.db, { provider: new SandboxPaymentProvider(database.db, clock), clock, log, linkOrigin: "https://www.wowcher.co.uk" }, {
      voucherId: voucher.id,
      customerId: shopper.id,
      destination: "wallet",
      actor: { type: "customer", id: String(shopper.id) },
    });
    expect(await soldOn(product.id)).toEqual({});
    const back = await database.db.select().from(travelFlights).where(eq(travelFlights.dealId, deal.id));
    expect(back.map((flight) => flight.seatsSold)).toEqual([0, 0]);
  });

  it("refuses the order with the spec's message when the basket's hold ran out and someone else took the last room", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", capacity: 1 });
    const first = await newShopper();
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [stay(product.id)] }, actorAt(clock.now(), first));
    const [line] = await database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    await savePassengers(database.db, basket.token, line.id, passengerForms(2), actorAt(clock.now(), first));
    clock.advance(11 * 60_000);
    const second = await newShopper();
    const taken = await createBasket(database.db, { eligibleForVip: false, products: [stay(product.id, { checkInDate: "2027-03-03", checkOutDate: "2027-03-05" })] }, actorAt(clock.now(), second));
    expect(taken.token).toBeTruthy();
    const refused = await pay(first, basket.token);
    expect(refused).toMatchObject({ ok: false, error: { message: "Sorry, no products available for selected dates..." } });
    expect(await soldOn(product.id)).toEqual({});
  });
});

describe("booking calendar on redemption", () => {
  it("sells the voucher undated, lets its holder ask for dates, and the merchant confirm (Booked) or decline (nights back)", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2026-12-01", nights: 60, capacity: 1, totalRemaining: 10 });
    const buyer = await newShopper();
    const actor = actorAt(clock.now(), buyer);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actor);
    const [line] = await database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    expect(line).toMatchObject({ bookingCalendarOnRedemption: true, quantity: 2, checkInDate: null });
    const placed = await pay(buyer, basket.token);
    if (!placed.ok) throw new Error(placed.error.message);
    // Undated vouchers take no nights at purchase.
    expect(await soldOn(product.id)).toEqual({});
    const [first, second] = await database.db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id)).orderBy(vouchers.id);

    const detail = await voucherDetail(database.db, { customerId: buyer.id, voucherId: first.id, now: clock.now() });
    expect(detail?.travel).toEqual({ stay: null, booking: null, bookable: bookingWindow("2026-11-21", "2027-05-21") });

    const ask = (voucherId: number, checkIn: string, checkOut: string) => requestStayBooking(database.db, { customerId: buyer.id, voucherId, checkIn, checkOut, now: clock.now() });
    await expect(ask(first.id, "", "")).rejects.toThrow(TRAVEL_ERRORS.DATES_REQUIRED.message);
    await expect(ask(first.id, "2026-12-10", "")).rejects.toThrow(TRAVEL_ERRORS.CHECK_OUT_REQUIRED.message);
    await expect(ask(first.id, "2026-11-21", "2026-11-23")).rejects.toThrow(TRAVEL_ERRORS.OUTSIDE_VOUCHER.message);
    const booking = await ask(first.id, "2026-12-10", "2026-12-12");
    expect(booking.status).toBe("REQUESTED");
    expect(await soldOn(product.id)).toEqual({ "2026-12-10": 1, "2026-12-11": 1 });
    await expect(ask(first.id, "2026-12-20", "2026-12-22")).rejects.toThrow(TRAVEL_ERRORS.ALREADY_REQUESTED.message);
    // The last room of 11 December is the first voucher's: the second cannot have it.
    await expect(ask(second.id, "2026-12-11", "2026-12-13")).rejects.toThrow(TRAVEL_ERRORS.NOT_AVAILABLE.message);
    const secondBooking = await ask(second.id, "2026-12-14", "2026-12-15");

    // Only the deal's merchant answers.
    const merchantUserId = 77;
    const linkOrigin = () => "https://www.wowcher.co.uk";
    const answerEmails = () => database.db.select({ subject: outboxMessages.subject, text: outboxMessages.text }).from(outboxMessages).where(eq(outboxMessages.to, buyer.email)).orderBy(outboxMessages.id);
    await expect(confirmBooking(database.db, { bookingId: booking.id, merchantId: basics.merchant.id + 999, merchantUserId, at: clock.now(), linkOrigin })).rejects.toThrow(TRAVEL_ERRORS.BOOKING_NOT_FOUND.message);
    const listed = await listMerchantBookings(database.db, basics.merchant.id, 1);
    expect(listed.waiting).toBeGreaterThanOrEqual(2);
    expect(listed.bookings.map((row) => row.id)).toEqual(expect.arrayContaining([booking.id, secondBooking.id]));

    expect((await answerEmails()).filter((mail) => mail.subject.includes("stay"))).toEqual([]);
    await confirmBooking(database.db, { bookingId: booking.id, merchantId: deal.merchantId, merchantUserId, at: clock.now(), linkOrigin });
    // The holder hears the answer, with the dates and a link to the voucher.
    const confirmed = (await answerEmails()).find((mail) => mail.subject === "Your Wowcher stay is confirmed");
    expect(confirmed?.text).toContain("confirmed your stay from Thu, 10 December 2026 to Sat, 12 December 2026");
    expect(confirmed?.text).toContain(`https://www.wowcher.co.uk/myaccount/vouchers/${first.id}`);
    await expect(declineBooking(database.db, { bookingId: booking.id, merchantId: deal.merchantId, merchantUserId, at: clock.now(), linkOrigin })).rejects.toThrow(TRAVEL_ERRORS.BOOKING_DECIDED.message);
    const booked = await voucherDetail(database.db, { customerId: buyer.id, voucherId: first.id, now: clock.now() });
    expect(booked?.statusCode).toBe("BOOKED");
    expect(booked?.timeline.map((step) => step.text)).toEqual(["Ready to Redeem", "Booked (travel documents within 3 working days)"]);
    expect(booked?.travel?.booking).toMatchObject({ status: "CONFIRMED", checkInDate: "2026-12-10", nights: 2 });
    expect((await statusHistory(database.db, TRAVEL_BOOKING_PROCESS, booking.id)).map((event) => event.toStatus)).toEqual(["REQUESTED", "CONFIRMED"]);

    await declineBooking(database.db, { bookingId: secondBooking.id, merchantId: deal.merchantId, merchantUserId, at: clock.now(), linkOrigin });
    const declinedMail = (await answerEmails()).find((mail) => mail.subject === "Please choose other dates for your Wowcher stay");
    expect(declinedMail?.text).toContain("could not confirm your stay from Mon, 14 December 2026 to Tue, 15 December 2026");
    expect(await soldOn(product.id)).toEqual({ "2026-12-10": 1, "2026-12-11": 1 });
    const declined = await voucherDetail(database.db, { customerId: buyer.id, voucherId: second.id, now: clock.now() });
    expect(declined?.travel?.booking?.status).toBe("DECLINED");
    expect(declined?.travel?.bookable).not.toBeNull();

    // Refunding a voucher with a requested stay cancels the request and gives its nights back
    // (a Booked voucher is cancelled with the merchant first: the after-sale rules).
    const third = await ask(second.id, "2026-12-20", "2026-12-22");
    expect(await soldOn(product.id)).toEqual({ "2026-12-10": 1, "2026-12-11": 1, "2026-12-20": 1, "2026-12-21": 1 });
    await refundVoucher(database.db, { provider: new SandboxPaymentProvider(database.db, clock), clock, log, linkOrigin: "https://www.wowcher.co.uk" }, {
      voucherId: second.id,
      customerId: buyer.id,
      destination: "wallet",
      actor: { type: "customer", id: String(buyer.id) },
    });
    expect(await soldOn(product.id)).toEqual({ "2026-12-10": 1, "2026-12-11": 1 });
    const [cancelled] = await database.db.select().from(travelBookings).where(and(eq(travelBookings.id, third.id)));
    expect(cancelled.status).toBe("CANCELLED");
  });
});
