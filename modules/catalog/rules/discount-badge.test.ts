import { describe, expect, it } from "vitest";
import { discountBadge } from "./discount-badge";

describe("discount badge wording", () => {
  it("says Save n% everywhere, Save up to n% for a from price", () => {
    expect(discountBadge(45)).toBe("Save 45%");
    expect(discountBadge(57, { upTo: true })).toBe("Save up to 57%");
  });

  it("claims no saving that is not there, and never a fraction", () => {
    expect(discountBadge(0)).toBeNull();
    expect(discountBadge(-5)).toBeNull();
    expect(discountBadge(null)).toBeNull();
    expect(discountBadge(Number.NaN)).toBeNull();
    expect(discountBadge(44.9)).toBe("Save 44%");
  });
});
