import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../lib/money";
import { lookupOf, monthOfDays } from "./calendar-fixtures";
import { NO_STAY, type StaySelection } from "./calendar-selection";
import { MonthCalendar } from "./MonthCalendar";

const march = lookupOf(monthOfDays(2027, 3, { "2027-03-05": { dateSoldOut: true }, "2027-03-06": { openForSale: false, minPrice: null } }));

function render(selection: StaySelection = NO_STAY, overrides: { blocked?: boolean; vipUser?: boolean } = {}) {
  return renderToString(
    <MonthCalendar
      month={{ month: 3, year: 2027 }}
      days={overrides.blocked ? new Map() : march}
      selection={selection}
      vipUser={overrides.vipUser ?? false}
      formatPrice={(minor) => formatMoney(minor, "GBP")}
      blocked={overrides.blocked ?? false}
      loading={false}
      previousMonth={null}
      nextMonth={{ month: 4, year: 2027 }}
      onShowMonth={() => true}
      onChoose={() => {}}
    />,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
/** The opening tag of a day's cell. */
const cell = (html: string, day: string) => new RegExp(`<td[^>]*data-day="${day}"[^>]*>`).exec(html)?.[0] ?? "";
/** The words a screen reader hears for a day. */
const spoken = (html: string, day: string) => new RegExp(`data-day="${day}"[^>]*><span class="sr-only">([^<]*)</span>`).exec(text(html))?.[1];

describe("MonthCalendar (server-rendered)", () => {
  it("is a grid labelled by its month, with weekday column headers in full for screen readers", () => {
    const html = render();
    expect(html).toMatch(/<table[^>]*role="grid"[^>]*aria-labelledby="([^"]+)"/);
    const labelId = /role="grid"[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${labelId}"`);
    expect(text(html)).toMatch(new RegExp(`id="${labelId}"[^>]*>March 2027</h3>`));
    expect(html).toContain('<th scope="col" class="py-1 text-center text-sm font-bold"><span aria-hidden="true">Fri</span><span class="sr-only">Friday</span></th>');
  });

  it("has exactly one tab stop, on the first day a stay may start", () => {
    const html = render();
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    expect(cell(html, "2027-03-01")).toContain('tabindex="0"');
    expect(cell(html, "2027-03-12")).toContain('tabindex="-1"');
  });

  it("announces each day's date, price and state, and marks sold-out and unavailable days in text, not colour alone", () => {
    const html = render();
    expect(spoken(html, "2027-03-12")).toBe("Friday 12 March, from £89.00, available for arrival");
    expect(spoken(html, "2027-03-05")).toBe("Friday 5 March, sold out");
    expect(cell(html, "2027-03-05")).toContain('aria-disabled="true"');
    expect(spoken(html, "2027-03-06")).toBe("Saturday 6 March, unavailable");
    // Visible marks beside the colours: "Sold out" and a struck-through dash.
    expect(text(html)).toMatch(/data-day="2027-03-05".*?<span class="text-xs">Sold out<\/span>/);
    expect(text(html)).toMatch(/data-day="2027-03-06".*?<span class="text-xs line-through">–<\/span>/);
    expect(render(NO_STAY, { vipUser: true })).toContain("Friday 12 March, from £80.00 VIP price, available for arrival");
  });

  it("marks the chosen stay as selected, with In and Out shown on its ends", () => {
    const html = render({ checkIn: "2027-03-12", checkOut: "2027-03-15" });
    expect(cell(html, "2027-03-12")).toContain('aria-selected="true"');
    expect(cell(html, "2027-03-13")).toContain('aria-selected="true"');
    expect(cell(html, "2027-03-15")).toContain('aria-selected="true"');
    expect(cell(html, "2027-03-16")).toContain('aria-selected="false"');
    expect(text(html)).toMatch(/data-day="2027-03-12".*?>In<\/span>/);
    expect(text(html)).toMatch(/data-day="2027-03-15".*?>Out<\/span>/);
    expect(cell(html, "2027-03-12")).toContain('tabindex="0"');
  });

  it("blocks every day when the calendar could not be loaded, and the month buttons with them", () => {
    const html = render(NO_STAY, { blocked: true });
    const days = [...html.matchAll(/<td[^>]*data-day="[^"]+"[^>]*>/g)].map((match) => match[0]);
    expect(days).toHaveLength(31);
    for (const day of days) expect(day).toContain('aria-disabled="true"');
    expect(spoken(html, "2027-03-12")).toBe("Friday 12 March, unavailable");
    expect(html).toMatch(/<button type="button"[^>]*aria-disabled="true"[^>]*>Next/);
  });

  it("offers the previous and next month only when the availability names one", () => {
    const html = render();
    expect(html).toMatch(/<button type="button"[^>]*aria-disabled="true"[^>]*><span aria-hidden="true">‹ <\/span>Previous/);
    expect(text(html)).toMatch(/<button type="button" class="[^"]*">Next<span class="sr-only"> month, April 2027<\/span>/);
  });
});
