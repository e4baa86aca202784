/**
 * Calendar answers for the travel booking's tests (never imported by the app): a month of days
 * open for arrival at £89 a stay, with per-day changes.
 */
import type { AvailabilityResponse, CalendarDay } from "../../../modules/travel/availability-types";
import { dayString, daysInMonth } from "./calendar-dates";

export function calendarDay(dateString: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
  return {
    date: Date.parse(`${dateString}T00:00:00Z`),
    dateString,
    minPrice: 8900,
    vipPrice: 8000,
    vipDiscountAllowed: true,
    openForArrival: true,
    openForDeparture: true,
    openForSale: true,
    dateSoldOut: false,
    minLengthOfStay: 2,
    maxLengthOfStay: 7,
    additionalCostText: null,
    ...overrides,
  };
}

export function monthOfDays(year: number, month: number, overrides: Record<string, Partial<CalendarDay>> = {}): CalendarDay[] {
  return Array.from({ length: daysInMonth({ month, year }) }, (_, index) => {
    const day = dayString(year, month, index + 1);
    return calendarDay(day, overrides[day]);
  });
}

export function lookupOf(days: CalendarDay[]): Map<string, CalendarDay> {
  return new Map(days.map((day) => [day.dateString, day]));
}

export function availabilityAnswer(year: number, month: number, overrides: Record<string, Partial<CalendarDay>> = {}, extra: Partial<AvailabilityResponse> = {}): AvailabilityResponse {
  return {
    calendarDateViewVOList: monthOfDays(year, month, overrides),
    currentMonth: month,
    currentYear: year,
    nextAvailable: month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year },
    previousAvailable: null,
    lastAvailableStay: null,
    calendarProductViewVOList: [{ productId: 5000001, friendlyName: "2 nights for 2", priceBasis: "night", occupancy: 2, roomOnly: false, withFlights: false }],
    calendarRoomView: [],
    calendarRoomOnlyView: [],
    supportedNumberOfNights: [1, 2, 3, 4, 5, 6, 7],
    ...extra,
  };
}
