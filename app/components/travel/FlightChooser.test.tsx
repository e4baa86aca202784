import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../lib/money";
import type { FlightOption } from "../../../modules/travel/availability-types";
import { FlightChooser, type FlightsState } from "./FlightChooser";
import { cheapestFlight, leavesFrom, priceDiffText } from "./flight-text";
import { airportOptions, nightOptions } from "./TravelPickers";

const formatPrice = (minor: number) => formatMoney(minor, "GBP");

function pair(outboundId: number, from: string, priceDiff: number): FlightOption {
  return {
    arrivalAirport: "PMI",
    departureAirport: from,
    outboundJourney: { flightId: outboundId, flightNumber: `U2 ${outboundId}`, departureAirport: from, arrivalAirport: "PMI", departsAt: "2027-03-12T07:05:00+00:00", arrivesAt: "2027-03-12T10:20:00+01:00" },
    inboundJourney: { flightId: outboundId + 1, flightNumber: `U2 ${outboundId + 1}`, departureAirport: "PMI", arrivalAirport: from, departsAt: "2027-03-15T11:05:00+01:00", arrivesAt: "2027-03-15T12:30:00+00:00" },
    priceDiff,
  };
}

const render = (state: FlightsState, chosenKey: string | null = null) =>
  renderToString(<FlightChooser state={state} chosenKey={chosenKey} error={null} formatPrice={formatPrice} onChoose={() => {}} />).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

describe("choose your flight", () => {
  it("lists each pair with both journeys' times and its price difference per passenger, the chosen one checked", () => {
    const html = render({ status: "ready", options: [pair(10, "LGW", 0), pair(20, "STN", 2000)] }, "20-21");
    expect(html).toContain("<legend");
    expect(html).toContain("Outbound: </span>Friday 12 March, London Gatwick (LGW) 07:05 to PMI 10:20, flight U2 10");
    expect(html).toContain("Return: </span>Monday 15 March, PMI 11:05 to London Stansted (STN) 12:30, flight U2 21");
    expect(html).toContain("No extra cost");
    expect(html).toContain("+£20.00 per person");
    expect(html).toMatch(/<input type="radio"[^>]*name="travel-flight" checked="" value="20-21"/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).not.toContain("There are no alternative flights for these dates.");
  });

  it("says when there is no alternative, when none fly at the chosen times, and when the flights could not be fetched", () => {
    expect(render({ status: "ready", options: [pair(10, "LGW", 0)] })).toContain("There are no alternative flights for these dates.");
    expect(render({ status: "ready", options: [] })).toContain("Sorry, there are no flights for the selected times.");
    expect(render({ status: "failed" })).toMatch(/role="alert"[^>]*>Sorry, there's been a problem getting the flights.</);
  });

  it("groups the London airports as Any London and picks the cheapest pair", () => {
    const options = [pair(10, "MAN", 500), pair(20, "LCY", 3000), pair(30, "LTN", -500)];
    expect(options.filter((option) => leavesFrom(option, "Any London")).map((option) => option.departureAirport)).toEqual(["LCY", "LTN"]);
    expect(options.filter((option) => leavesFrom(option, "MAN"))).toHaveLength(1);
    expect(options.filter((option) => leavesFrom(option, ""))).toHaveLength(3);
    expect(cheapestFlight(options)?.departureAirport).toBe("LTN");
    expect(priceDiffText(-500, formatPrice)).toBe("-£5.00 per person");
    expect(airportOptions(["MAN", "LGW"]).map((option) => option.value)).toEqual(["", "Any London", "LGW", "LHR", "STN", "LTN", "LCY", "SEN", "MAN"]);
  });

  it("offers the deal's supported nights within 1–16, keeping the current choice", () => {
    expect(nightOptions([3, 7, 21], 2)).toEqual([2, 3, 7]);
    expect(nightOptions([], 2)).toHaveLength(16);
    expect(nightOptions(undefined, 5)[15]).toBe(16);
  });
});
