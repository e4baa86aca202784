import { describe, expect, it } from "vitest";
import { dealPathOf, withProduct } from "./urls";

describe("deal URLs", () => {
  const target = { segment: "london", category: "beauty", subCategory: "spa", dealId: 30000001, blurb: "spa-day" } as const;

  it("rebuilds the path a deal was reached at, without a product", () => {
    expect(dealPathOf("deal", target)).toBe("/deal/london/beauty/spa/30000001/spa-day");
    expect(dealPathOf("email-deal", { ...target, blurb: null })).toBe("/email-deal/london/beauty/spa/30000001");
    expect(dealPathOf("deal", { ...target, dealId: "evergreen" })).toBe("/deal/london/beauty/spa/e/spa-day");
  });

  it("puts a product id after the deal id", () => {
    expect(withProduct("/deal/london/beauty/spa/30000001/spa-day", "/5000002")).toBe("/deal/london/beauty/spa/30000001/5000002/spa-day");
    expect(withProduct("/deal/london/beauty/spa/30000001", "/5000002")).toBe("/deal/london/beauty/spa/30000001/5000002");
    expect(withProduct("/deal/shop/electricals/audio/e/earbuds", "/7")).toBe("/deal/shop/electricals/audio/e/7/earbuds");
    expect(withProduct("/deal/london/beauty/spa/30000001", "")).toBe("/deal/london/beauty/spa/30000001");
  });
});
