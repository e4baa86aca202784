import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AvailabilityResponse } from "../../../modules/travel/availability-types";
import { availabilityAnswer } from "./calendar-fixtures";
import { TravelBooking, booksOnCalendar } from "./TravelBooking";

function render(path: string, initialAvailability: AvailabilityResponse | null = null, flightsDeal = false) {
  const Stub = createRoutesStub([
    {
      path: "/deal/*",
      Component: () => (
        <TravelBooking
          dealId={30000007}
          currency="GBP"
          leadProductId={5000001}
          flightsDeal={flightsDeal}
          products={[{ id: 5000001, friendlyName: "2 nights for 2" }]}
          initialAvailability={initialAvailability}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
}

const hidden = (html: string, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];

describe("TravelBooking (server-rendered)", () => {
  it("asks for passengers (2, 4, 6 or 8, one room per two) and nights (1–16) with labelled selects", () => {
    const html = render("/deal/travel/uk/spa/30000007");
    expect(html).toMatch(/<label for="travel-passengers"[^>]*>Passengers<\/label><select id="travel-passengers"/);
    expect(html).toContain('<option value="2" selected="">2 passengers (1 room)</option>');
    expect(html).toContain("8 passengers (4 rooms)");
    expect(html).toMatch(/<label for="travel-nights"[^>]*>Nights<\/label>/);
    expect(html).toContain('<option value="1">1 night</option>');
    expect(html).toContain('<option value="16">16 nights</option>');
    expect(html).not.toContain('<option value="17"');
    // No departure airport for a deal without flights; the arrival prompt in the live region.
    expect(html).not.toContain("travel-airport");
    expect(html).toMatch(/<p role="status"[^>]*>Please choose your arrival date<\/p>/);
    // The availability loads in the browser, so the shared page says so.
    expect(html).toContain("Loading availability…");
  });

  it("renders the server's month straight away when it has one", () => {
    const html = render("/deal/travel/uk/spa/30000007", availabilityAnswer(2027, 3));
    expect(html).toContain('role="grid"');
    expect(html).toContain("Friday 12 March, from £89.00, available for arrival");
    expect(html).not.toContain("Loading availability…");
  });

  it("lands a hotel-ads link with its stay and guests chosen, and the mapped attribution in the basket fields", () => {
    const html = render(
      "/deal/travel/uk/spa/30000007/5000001?arrival=2027-03-12&departure=2027-03-15&guests=4&utm_medium=free-hotel-ads&utm_source=google",
      availabilityAnswer(2027, 3),
    );
    expect(html).toContain('<option value="4" selected="">4 passengers (2 rooms)</option>');
    expect(html).toContain('<option value="3" selected="">3 nights</option>');
    expect(html).toContain("Friday 12 March, from £89.00, selected as check-in");
    expect(html).toContain("Monday 15 March, from £89.00, selected as check-out");
    expect(html).toMatch(/<p role="status"[^>]*>Your stay: Friday 12 March 2027 to Monday 15 March 2027.<\/p>/);
    expect(hidden(html, "checkInDate")).toBe("2027-03-12");
    expect(hidden(html, "checkOutDate")).toBe("2027-03-15");
    expect(hidden(html, "guests")).toBe("4");
    expect(hidden(html, "leadInProductId")).toBe("5000001");
    expect(hidden(html, "utmMedium")).toBe("free");
    expect(hidden(html, "utmSource")).toBe("google");
  });

  it("sends no lead-in product or attribution for a visitor who did not come from an ad", () => {
    const html = render("/deal/travel/uk/spa/30000007", availabilityAnswer(2027, 3));
    expect(hidden(html, "dealId")).toBe("30000007");
    expect(hidden(html, "guests")).toBe("2");
    expect(hidden(html, "leadInProductId")).toBeUndefined();
    expect(hidden(html, "utmMedium")).toBeUndefined();
    expect(hidden(html, "checkInDate")).toBeUndefined();
  });

  it("offers the departure airport, with Any London, on choose-your-flight deals", () => {
    const html = render("/deal/travel/abroad/spain/30000007", availabilityAnswer(2027, 3), true);
    expect(html).toMatch(/<label for="travel-airport"[^>]*>Departure airport<\/label>/);
    expect(html).toContain('<option value="Any London">Any London</option>');
    expect(html).toContain('<option value="LGW">London Gatwick (LGW)</option>');
  });

  it("books calendar and choose-your-flight travel deals by date, other deals as before", () => {
    expect(booksOnCalendar({ dealType: "travel", productDisplay: { type: "calendar" }, redemptionType: "calendar" })).toBe(true);
    expect(booksOnCalendar({ dealType: "travel", productDisplay: { type: "dropdown" }, redemptionType: "choose-your-flight" })).toBe(true);
    expect(booksOnCalendar({ dealType: "travel", productDisplay: { type: "dropdown" }, redemptionType: "calendar" })).toBe(true);
    expect(booksOnCalendar({ dealType: "travel", productDisplay: { type: "dropdown" }, redemptionType: "standard-travel" })).toBe(false);
    expect(booksOnCalendar({ dealType: "local", productDisplay: { type: "calendar" }, redemptionType: "calendar" })).toBe(false);
  });
});
