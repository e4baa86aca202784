/**
 * Calendar days as "YYYY-MM-DD" strings for the travel calendar: the month grid (weeks start on
 * Monday, as UK calendars do), the words a screen reader hears, and where an arrow key moves.
 * Hand-made names rather than Intl, so the server's HTML and the browser's agree to the letter.
 */
import { addDays, daysBetween } from "../../../modules/travel/stay-rules";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

export interface CalendarMonth {
  /** 1–12 */
  month: number;
  year: number;
}

const pad = (value: number) => String(value).padStart(2, "0");

export function dayString(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function monthOf(day: string): CalendarMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function sameMonth(a: CalendarMonth, b: CalendarMonth): boolean {
  return a.month === b.month && a.year === b.year;
}

/** Negative when `a` is before `b`. */
export function compareMonths(a: CalendarMonth, b: CalendarMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

export function shiftMonth(month: CalendarMonth, by: number): CalendarMonth {
  const index = month.year * 12 + (month.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth(month: CalendarMonth): number {
  return new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** "Friday 12 March" */
export function dayName(day: string): string {
  const { month } = monthOf(day);
  return `${WEEKDAYS[weekdayIndex(day)]} ${Number(day.slice(8, 10))} ${MONTHS[month - 1]}`;
}

/** "Friday 12 March 2027" */
export function fullDayName(day: string): string {
  return `${dayName(day)} ${day.slice(0, 4)}`;
}

/** "March 2027" */
export function monthName(month: CalendarMonth): string {
  return `${MONTHS[month.month - 1]} ${month.year}`;
}

/**
 * The month as rows of seven cells, Monday first; null pads the days of the neighbouring months,
 * so every row is a full week and a column is always the same weekday.
 */
export function monthWeeks(month: CalendarMonth): (string | null)[][] {
  const first = dayString(month.year, month.month, 1);
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth(month); day++) cells.push(dayString(month.year, month.month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The same day of another month, or that month's last day when it is shorter (31 Jan → 28 Feb). */
export function sameDayIn(day: string, month: CalendarMonth): string {
  return dayString(month.year, month.month, Math.min(Number(day.slice(8, 10)), daysInMonth(month)));
}

/**
 * What a key does on a focused day of the grid (WAI-ARIA date grid): arrows move a day or a week,
 * Home and End go to the week's first and last day, Page Up and Page Down a month back or on.
 * Arrow keys only ever move focus; Enter and Space choose the focused day. Any other key: null.
 */
export type GridKeyAction = { kind: "move"; to: string } | { kind: "choose" } | null;

export function gridKeyAction(key: string, focused: string): GridKeyAction {
  switch (key) {
    case "ArrowLeft":
      return { kind: "move", to: addDays(focused, -1) };
    case "ArrowRight":
      return { kind: "move", to: addDays(focused, 1) };
    case "ArrowUp":
      return { kind: "move", to: addDays(focused, -7) };
    case "ArrowDown":
      return { kind: "move", to: addDays(focused, 7) };
    case "Home":
      return { kind: "move", to: addDays(focused, -weekdayIndex(focused)) };
    case "End":
      return { kind: "move", to: addDays(focused, 6 - weekdayIndex(focused)) };
    case "PageUp":
      return { kind: "move", to: sameDayIn(focused, shiftMonth(monthOf(focused), -1)) };
    case "PageDown":
      return { kind: "move", to: sameDayIn(focused, shiftMonth(monthOf(focused), 1)) };
    case "Enter":
    case " ":
      return { kind: "choose" };
    default:
      return null;
  }
}

export { addDays, daysBetween };
