import { useEffect, useId, useRef, useState } from "react";
import { type CalendarMonth, compareMonths, gridKeyAction, monthName, monthOf, monthWeeks, sameMonth } from "./calendar-dates";
import { type DayLookup, type DayView, type StaySelection, describeDay, initialFocusDay, phaseOf } from "./calendar-selection";

export interface MonthCalendarProps {
  month: CalendarMonth;
  days: DayLookup;
  selection: StaySelection;
  vipUser: boolean;
  formatPrice: (minor: number) => string;
  /** The availability answer was malformed or failed: every cell is blocked. */
  blocked: boolean;
  loading: boolean;
  /** The months the shopper may go to (the answer's previous and next available month), null for none. */
  previousMonth: CalendarMonth | null;
  nextMonth: CalendarMonth | null;
  /** Show another month; false when it may not be shown (the grid then keeps focus where it is). */
  onShowMonth: (month: CalendarMonth) => boolean;
  onChoose: (day: string) => void;
}

const WEEKDAY_HEADERS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

// aria-disabled rather than disabled: a button that stops applying keeps the keyboard focus.
const NAV_BUTTON = "rounded border border-gray-500 bg-white px-3 py-2 font-bold hover:bg-gray-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/**
 * One month of the travel calendar as an ARIA grid (WAI-ARIA date grid pattern): one tab stop
 * (roving tabindex) on a day; arrow keys, Home, End, Page Up and Page Down only move the focus
 * (into the next or previous month when it may be shown); Enter or Space chooses the focused day,
 * as a click does. Each day says its date, price and state in words, and its state is drawn with
 * text and shape as well as colour (prices, "Sold out", a struck-through dash, In and Out badges).
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { month, days, selection, blocked, loading } = props;
  const headingId = useId();
  const legendId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Set by a key press that moves the focus, so a re-render never steals focus on its own.
  const moveFocus = useRef(false);
  const weeks = monthWeeks(month);
  const monthDays = weeks.flat().filter((day): day is string => day !== null);
  const tabStop = focusDay !== null && monthDays.includes(focusDay) ? focusDay : initialFocusDay(monthDays, days, selection);

  useEffect(() => {
    if (!moveFocus.current) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-day="${tabStop}"]`);
    if (cell) {
      cell.focus();
      moveFocus.current = false;
    }
  }, [tabStop, month]);

  const phase = phaseOf(selection);
  const views = new Map<string, DayView>(
    monthDays.map((day) => [day, describeDay(day, days, selection, { vipUser: props.vipUser, formatPrice: props.formatPrice })]),
  );
  // The stay the pointer or focus is trying out: check-in up to a possible check-out.
  const previewEnd = phase === "check-out" && preview !== null && views.get(preview)?.validCheckOut ? preview : null;

  const onKeyDown = (event: React.KeyboardEvent, day: string) => {
    const action = gridKeyAction(event.key, day);
    if (!action) return;
    event.preventDefault();
    if (action.kind === "choose") {
      // A day that cannot be chosen still answers (the live region says why); a blocked grid does nothing.
      if (!blocked) props.onChoose(day);
      return;
    }
    const target = monthOf(action.to);
    if (!sameMonth(target, month)) {
      const towards = compareMonths(target, month) > 0 ? props.nextMonth : props.previousMonth;
      if (blocked || towards === null || !props.onShowMonth(target)) return;
    }
    moveFocus.current = true;
    setFocusDay(action.to);
  };

  const goTo = (target: CalendarMonth | null) => {
    if (target && !blocked) props.onShowMonth(target);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={NAV_BUTTON} aria-disabled={props.previousMonth === null || blocked || undefined} onClick={() => goTo(props.previousMonth)}>
          <span aria-hidden="true">‹ </span>Previous<span className="sr-only"> month{props.previousMonth ? `, ${monthName(props.previousMonth)}` : ""}</span>
        </button>
        <h3 id={headingId} className="text-lg font-bold" aria-live="polite">
          {monthName(month)}
        </h3>
        <button type="button" className={NAV_BUTTON} aria-disabled={props.nextMonth === null || blocked || undefined} onClick={() => goTo(props.nextMonth)}>
          Next<span className="sr-only"> month{props.nextMonth ? `, ${monthName(props.nextMonth)}` : ""}</span>
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      {/* Large text makes the month wider than a narrow column: it then scrolls sideways (a focusable day is inside). */}
      <div className="focus-inset overflow-x-auto">
        <table
          ref={grid}
          id="travel-calendar"
          tabIndex={-1}
          role="grid"
          aria-labelledby={headingId}
          aria-describedby={legendId}
          aria-busy={loading || undefined}
          className="min-w-full border-separate border-spacing-0.5 focus:outline-none"
          onMouseLeave={() => setPreview(null)}
        >
          <thead>
            <tr>
              {WEEKDAY_HEADERS.map(([short, long]) => (
                <th key={long} scope="col" className="py-1 text-center text-sm font-bold">
                  <span aria-hidden="true">{short}</span>
                  <span className="sr-only">{long}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find((day) => day !== null)}>
                {week.map((day, column) => {
                  if (day === null) return <td key={`pad-${column}`} role="gridcell" />;
                  const view = views.get(day) as DayView;
                  const inPreview = previewEnd !== null && selection.checkIn !== null && day > selection.checkIn && day <= previewEnd;
                  return (
                    <DayCell
                      key={day}
                      view={view}
                      blocked={blocked}
                      tabStop={day === tabStop}
                      inPreview={inPreview}
                      formatPrice={props.formatPrice}
                      onChoose={() => {
                        setFocusDay(day);
                        if (!blocked) props.onChoose(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onPreview={() => setPreview(day)}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul id={legendId} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
        <li>Prices are per person, the lowest for a stay arriving that day for your passengers and nights.</li>
        <li>
          <span className="font-bold">Sold out</span>: no rooms left.
        </li>
        <li>
          <span className="line-through">–</span>: not available.
        </li>
        <li>
          <span className="font-bold">In</span> and <span className="font-bold">Out</span>: your check-in and check-out.
        </li>
      </ul>
    </div>
  );
}

function DayCell({
  view,
  blocked,
  tabStop,
  inPreview,
  formatPrice,
  onChoose,
  onKeyDown,
  onPreview,
}: {
  view: DayView;
  blocked: boolean;
  tabStop: boolean;
  inPreview: boolean;
  formatPrice: (minor: number) => string;
  onChoose: () => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
  onPreview: () => void;
}) {
  const choosable = view.choosable && !blocked;
  const chosenEnd = view.role === "check-in" || view.role === "check-out";
  const label = blocked ? `${view.label.split(",")[0]}, unavailable` : view.label;
  const tone = chosenEnd
    ? "bg-brand text-white"
    : view.role === "in-stay" || inPreview
      ? "bg-brand/15"
      : choosable
        ? "bg-white hover:bg-gray-100"
        : "bg-gray-100 text-gray-700";
  return (
    <td
      role="gridcell"
      id={`travel-day-${view.day}`}
      data-day={view.day}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={view.role !== null}
      aria-disabled={choosable ? undefined : true}
      onClick={onChoose}
      onKeyDown={onKeyDown}
      onMouseEnter={onPreview}
      onFocus={onPreview}
      className={`h-[3.75rem] cursor-pointer rounded border border-gray-300 p-0.5 text-center align-top leading-tight focus-visible:shadow-[inset_0_0_0_0.3rem_white] focus-visible:outline-3 focus-visible:outline-offset-[-0.2rem] focus-visible:outline-brand-ink aria-disabled:cursor-default ${tone}`}
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="flex h-full min-w-[3rem] flex-col items-center gap-0.5 whitespace-nowrap">
        <span className={`font-bold ${view.status === "unavailable" || blocked ? "line-through" : ""}`}>{Number(view.day.slice(8, 10))}</span>
        {view.role === "check-in" && <span className="text-xs font-bold uppercase">In</span>}
        {view.role === "check-out" && <span className="text-xs font-bold uppercase">Out</span>}
        {!chosenEnd && !blocked && view.status === "sold-out" && <span className="text-xs">Sold out</span>}
        {!chosenEnd && (blocked || view.status === "unavailable") && <span className="text-xs line-through">–</span>}
        {!chosenEnd && !blocked && view.price !== null && <span className="text-xs">{formatPrice(view.price)}</span>}
      </span>
    </td>
  );
}
