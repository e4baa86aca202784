/**
 * What a dated stay is charged: the rooms (or packages) for every night, plus the chosen flights'
 * price difference for every passenger (never below nothing), plus the product's mandatory admin
 * fee. The calendar's days and options, the basket, checkout and the order all price a stay with
 * this one function, so the total a shopper is shown is the total charged (issue 22). Pure: the
 * deal page's calendar imports it too.
 */
export function stayCharge(stay: { roomsPrice: number; flightsPrice: number; adminFee: number }): number {
  return Math.max(0, stay.roomsPrice + stay.flightsPrice) + stay.adminFee;
}
