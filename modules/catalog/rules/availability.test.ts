import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../lib/clock";
import {
  type DealAvailabilityFacts,
  type ProductAvailabilityFacts,
  isLastChanceArrival,
  isOpenForDisplay,
  unavailableReason,
} from "./availability";

const product: ProductAvailabilityFacts = { soldOut: false, totalRemaining: 10, dailyPurchaseCapReached: false, weeklyPurchaseCapReached: false };
const deal: DealAvailabilityFacts = {
  open: true,
  soldOut: false,
  closingDate: new Date("2026-11-25T18:00:00Z"),
  lastChance: false,
  enableBuyClosedDeal: false,
  dailyPurchaseCapReached: false,
  weeklyPurchaseCapReached: false,
  products: [product, { ...product, totalRemaining: null }],
};
const zone = "Europe/London";
const at = (iso: string, lastChanceArrival = false) => ({ now: fixedClock(iso).now(), timeZone: zone, lastChanceArrival });

describe("unavailableReason", () => {
  it("lets an open deal before its closing date be bought", () => {
    expect(unavailableReason(deal, at("2026-11-21T12:00:00Z"))).toBeNull();
  });

  it("names each unavailable condition of the spec", () => {
    const now = at("2026-11-21T12:00:00Z");
    expect(unavailableReason(null, now)).toBe("NO_DEAL");
    expect(unavailableReason({ ...deal, soldOut: true }, now)).toBe("SOLD_OUT");
    expect(unavailableReason({ ...deal, dailyPurchaseCapReached: true }, now)).toBe("CAP_REACHED");
    expect(unavailableReason({ ...deal, weeklyPurchaseCapReached: true }, now)).toBe("CAP_REACHED");
    expect(unavailableReason({ ...deal, open: false }, now)).toBe("NOT_OPEN");
  });

  it("is unavailable when every product has reached a cap, but not when one is left", () => {
    const now = at("2026-11-21T12:00:00Z");
    const capped = [
      { ...product, soldOut: true },
      { ...product, totalRemaining: 0 },
      { ...product, dailyPurchaseCapReached: true },
      { ...product, weeklyPurchaseCapReached: true },
    ];
    expect(unavailableReason({ ...deal, products: capped }, now)).toBe("ALL_PRODUCTS_CAPPED");
    expect(unavailableReason({ ...deal, products: [...capped, product] }, now)).toBeNull();
  });

  it("closes a deal after its closing date", () => {
    expect(unavailableReason(deal, at("2026-11-25T18:00:01Z"))).toBe("CLOSED");
  });

  it("keeps buying after close enabled for 4 days, then closes", () => {
    const buyClosed = { ...deal, enableBuyClosedDeal: true };
    expect(unavailableReason(buyClosed, at("2026-11-27T18:00:00Z"))).toBeNull();
    expect(unavailableReason(buyClosed, at("2026-11-29T18:00:00Z"))).toBeNull();
    expect(unavailableReason(buyClosed, at("2026-11-29T18:00:01Z"))).toBe("CLOSED");
  });

  it("keeps a last-chance deal buyable after close only for a last-chance arrival", () => {
    const lastChance = { ...deal, lastChance: true };
    expect(unavailableReason(lastChance, at("2026-11-27T10:00:00Z", false))).toBe("CLOSED");
    expect(unavailableReason(lastChance, at("2026-11-27T10:00:00Z", true))).toBeNull();
  });
});

describe("isOpenForDisplay", () => {
  it("shows an open deal until the end of its closing day in market time", () => {
    // Closing 18:00 UTC on 25 Nov; the London day ends at midnight.
    expect(isOpenForDisplay(deal, at("2026-11-25T23:59:59Z"))).toBe(true);
    expect(isOpenForDisplay(deal, at("2026-11-26T00:00:00Z"))).toBe(false);
  });

  it("reads the closing day on the local clock in summer time", () => {
    const summer = { ...deal, closingDate: new Date("2026-07-10T22:30:00Z") }; // 23:30 BST on 10 July
    expect(isOpenForDisplay(summer, at("2026-07-10T22:59:00Z"))).toBe(true);
    expect(isOpenForDisplay(summer, at("2026-07-10T23:00:00Z"))).toBe(false); // midnight BST
  });

  it("keeps showing a closed last-chance deal to last-chance arrivals only", () => {
    const lastChance = { ...deal, lastChance: true };
    expect(isOpenForDisplay(lastChance, at("2026-12-01T10:00:00Z", true))).toBe(true);
    expect(isOpenForDisplay(lastChance, at("2026-12-01T10:00:00Z", false))).toBe(false);
  });

  it("never shows a deal that is not open", () => {
    expect(isOpenForDisplay({ ...deal, open: false, lastChance: true }, at("2026-11-21T10:00:00Z", true))).toBe(false);
  });
});

describe("isLastChanceArrival", () => {
  const arrival = (url: string) => {
    const parsed = new URL(url, "https://www.wowcher.co.uk");
    return isLastChanceArrival({ pathname: parsed.pathname, searchParams: parsed.searchParams });
  };

  it("accepts the spec's sources", () => {
    expect(arrival("/deal/london/beauty/spa/1?usr_src=search")).toBe(true);
    expect(arrival("/deal/london/beauty/spa/1?usr_src=recommended")).toBe(true);
    expect(arrival("/deal/london/beauty/spa/1?usr_src=recently-viewed")).toBe(true);
    expect(arrival("/deal/london/beauty/spa/1?usr_src=sponsored_search_42")).toBe(true);
    expect(arrival("/deal/london/beauty/spa/1?st_cid=spring-campaign")).toBe(true);
    expect(arrival("/email-deal/london/beauty/spa/1")).toBe(true);
    expect(arrival("/email-deals/london")).toBe(true);
  });

  it("rejects other arrivals", () => {
    expect(arrival("/deal/london/beauty/spa/1")).toBe(false);
    expect(arrival("/deal/london/beauty/spa/1?usr_src=facebook")).toBe(false);
    expect(arrival("/deal/london/beauty/spa/1?usr_src=sponsored_")).toBe(false);
    expect(arrival("/deal/london/beauty/spa/1?st_cid=")).toBe(false);
  });
});
