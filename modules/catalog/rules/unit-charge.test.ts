import { describe, expect, it } from "vitest";
import { leadPriceColumns, unitCharge } from "./unit-charge";

const stay = { price: 19_900, originalPrice: 39_900, vipPrice: 17_900, adminFee: 499 };

describe("what a unit is charged and what listings show", () => {
  it("adds the mandatory admin fee to the price, the VIP price and the original price compared with", () => {
    expect(unitCharge(stay, false)).toEqual({ price: 20_399, originalPrice: 40_399 });
    expect(unitCharge(stay, true)).toEqual({ price: 18_399, originalPrice: 40_399 });
  });

  it("gives listings a 'from' price with the fee in it, and the discount of that price", () => {
    expect(leadPriceColumns(stay)).toEqual({ price: 20_399, originalPrice: 40_399, vipPrice: 18_399, discountPercentage: 49, vipDiscountPercentage: 54 });
    expect(leadPriceColumns({ ...stay, adminFee: 0, vipPrice: null })).toEqual({
      price: 19_900,
      originalPrice: 39_900,
      vipPrice: null,
      discountPercentage: 50,
      vipDiscountPercentage: null,
    });
  });
});
