import { describe, expect, it } from "vitest";
import { type CapFacts, capViolation, effectiveCap, MAX_LINE_QUANTITY, minimumQuantity } from "./caps";

const open: CapFacts = {
  productCap: null,
  boughtOfProduct: 0,
  dealCap: null,
  boughtOfDeal: 0,
  remainingForDay: null,
  remainingForWeek: null,
  stockFree: null,
  otherUnitsOfDeal: 0,
  otherUnitsOfProduct: 0,
};

describe("effectiveCap", () => {
  it("is the line maximum when nothing else limits", () => {
    expect(effectiveCap(open)).toEqual({ cap: MAX_LINE_QUANTITY, limitedBy: "LINE" });
  });

  it("takes the smaller of the product cap and the customer's maximum, net of past orders", () => {
    expect(effectiveCap({ ...open, productCap: 5, boughtOfProduct: 2, dealCap: 10, boughtOfDeal: 2 })).toEqual({ cap: 3, limitedBy: "CUSTOMER" });
    expect(effectiveCap({ ...open, productCap: 5, dealCap: 4, boughtOfDeal: 3 })).toEqual({ cap: 1, limitedBy: "CUSTOMER" });
  });

  it("takes the smaller of the deal cap and what remains for the day and the week", () => {
    expect(effectiveCap({ ...open, dealCap: 6, remainingForDay: 4 })).toEqual({ cap: 4, limitedBy: "DEAL_SALES" });
    expect(effectiveCap({ ...open, remainingForDay: 4, remainingForWeek: 2 })).toEqual({ cap: 2, limitedBy: "DEAL_SALES" });
  });

  it("counts the basket's other lines of the same deal and product", () => {
    expect(effectiveCap({ ...open, dealCap: 4, otherUnitsOfDeal: 3 })).toEqual({ cap: 1, limitedBy: "CUSTOMER" });
    expect(effectiveCap({ ...open, stockFree: 5, otherUnitsOfProduct: 2 })).toEqual({ cap: 3, limitedBy: "STOCK" });
  });

  it("calls an item with no stock unavailable even when the customer is also at the cap", () => {
    expect(effectiveCap({ ...open, stockFree: 0, dealCap: 2, boughtOfDeal: 2 })).toEqual({ cap: 0, limitedBy: "STOCK" });
    expect(effectiveCap({ ...open, stockFree: -3 })).toEqual({ cap: 0, limitedBy: "STOCK" });
  });
});

describe("capViolation", () => {
  it("fills the cap into the spec's message when the shopper wants more than the cap", () => {
    const error = capViolation(5, { cap: 3, limitedBy: "CUSTOMER" });
    expect(error?.message).toBe("The maximum quantity of this deal that you can buy today is 3");
    expect(error?.maxQuantity).toBe(3);
    expect(capViolation(3, { cap: 3, limitedBy: "CUSTOMER" })).toBeNull();
  });

  it("says max quantity reached at a customer cap of zero and no longer available otherwise", () => {
    expect(capViolation(1, { cap: 0, limitedBy: "CUSTOMER" })?.message).toBe(
      "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
    );
    expect(capViolation(1, { cap: 0, limitedBy: "STOCK" })?.message).toBe("Oops! This item is no longer available.");
    expect(capViolation(1, { cap: 0, limitedBy: "DEAL_SALES" })?.code).toBe("BASKET_ITEM_UNAVAILABLE");
  });
});

it("forces price-per-person deals to a minimum of two", () => {
  expect(minimumQuantity(true)).toBe(2);
  expect(minimumQuantity(false)).toBe(1);
});

it("calls adding to a line that already holds its cap unavailable, not limited to a number", () => {
  expect(capViolation(2, { cap: 1, limitedBy: "STOCK" }, 1)?.code).toBe("BASKET_ITEM_UNAVAILABLE");
  expect(capViolation(2, { cap: 1, limitedBy: "CUSTOMER" }, 1)?.code).toBe("BASKET_MAX_QUANTITY_REACHED");
  expect(capViolation(3, { cap: 2, limitedBy: "STOCK" }, 1)?.message).toBe("The maximum quantity of this deal that you can buy today is 2");
});
