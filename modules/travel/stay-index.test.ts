import { describe, expect, it } from "vitest";
import { nightArraysFrom } from "./night-arrays";
import { StayIndex } from "./stay-index";
import { type NightAvailability, type PriceBasis, addDays, checkStay } from "./stay-rules";

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const FIRST = "2027-03-01";
const DAYS = 40;

function randomCalendar(random: () => number): Map<string, NightAvailability> {
  const nights = new Map<string, NightAvailability>();
  for (let i = 0; i < DAYS; i++) {
    if (random() < 0.08) continue; // no rate that night
    const night = addDays(FIRST, i);
    const min = 1 + Math.floor(random() * 3);
    nights.set(night, {
      night,
      price: 1000 + Math.floor(random() * 9000),
      vipPrice: random() < 0.5 ? 900 + Math.floor(random() * 5000) : null,
      openForArrival: random() < 0.8,
      openForDeparture: random() < 0.85,
      openForSale: random() < 0.9,
      minLengthOfStay: min,
      maxLengthOfStay: min + Math.floor(random() * 20),
      additionalCostText: null,
      unitsLeft: Math.floor(random() * 5),
    });
  }
  return nights;
}

describe("the stay index", () => {
  it("finds exactly the stays checkStay allows, at the same prices, on random calendars", () => {
    const random = generator(20271123);
    let compared = 0;
    let bookable = 0;
    for (let round = 0; round < 60; round++) {
      const nights = randomCalendar(random);
      const basis: PriceBasis = round % 2 === 0 ? "night" : "stay";
      for (const guests of [2, 4, 6, 8]) {
        const index = new StayIndex(nightArraysFrom(nights, FIRST), DAYS, basis, guests / 2);
        for (let i = 0; i < DAYS - 1; i++) {
          for (let length = 1; length <= 18 && i + length < DAYS; length++) {
            const checkIn = addDays(FIRST, i);
            const expected = checkStay({ checkIn, checkOut: addDays(checkIn, length), guests, basis, nights });
            const found = index.stay(i, length);
            compared += 1;
            if (expected.ok) {
              bookable += 1;
              expect(found, `${checkIn} +${length} for ${guests}`).toEqual({ nights: length, price: expected.price, vipPrice: expected.vipPrice });
            } else {
              expect(found, `${checkIn} +${length} for ${guests}: ${expected.problem}`).toBeNull();
            }
          }
        }
      }
    }
    // The comparison saw both outcomes plenty of times.
    expect(compared).toBeGreaterThan(100_000);
    expect(bookable).toBeGreaterThan(1_000);
  });

  it("offers the shortest stay it can from a day, or none, and the longest for the last check-out", () => {
    const night = (day: string, overrides: Partial<NightAvailability> = {}): NightAvailability => ({
      night: day,
      price: 5000,
      vipPrice: null,
      openForArrival: true,
      openForDeparture: true,
      openForSale: true,
      minLengthOfStay: 2,
      maxLengthOfStay: 4,
      additionalCostText: null,
      unitsLeft: 2,
      ...overrides,
    });
    const nights = new Map(
      [night("2027-03-01"), night("2027-03-02"), night("2027-03-03", { openForDeparture: false }), night("2027-03-04", { unitsLeft: 0 }), night("2027-03-05")].map((n) => [n.night, n]),
    );
    const index = new StayIndex(nightArraysFrom(nights, FIRST), 10, "night", 1);
    // Two nights would end on the 3rd, which takes no departures: three it is.
    expect(index.cheapestStay(0)).toEqual({ nights: 3, price: 15000, vipPrice: 15000 });
    expect(index.cheapestStay(0, 2)).toBeNull();
    // The 4th is sold out: from the 1st, four nights cannot be had, so the longest is three.
    expect(index.longestStay(0)).toBe(3);
    expect(index.cheapestStay(3)).toBeNull();
  });
});
