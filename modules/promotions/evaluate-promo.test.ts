import { describe, expect, it } from "vitest";
import { evaluatePromo, type PromoCode } from "./evaluate-promo";

const now = new Date("2026-11-21T12:00:00Z");
const promo: PromoCode = {
  id: 1,
  brand: "wowcher",
  code: "Spa20",
  kind: "percentage",
  value: 20,
  minimumSpend: 0,
  subCategoryId: null,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  maxUses: null,
  maxUsesPerCustomer: 1,
  createdAt: now,
};
const context = { now, signedIn: true, currency: "GBP" as const, lines: [{ subCategoryId: 7, itemsTotal: 2999 }], usage: { total: 0, byCustomer: 0 } };

describe("evaluatePromo", () => {
  it("takes a percentage off, rounded down, or a fixed amount never above the items", () => {
    expect(evaluatePromo("spa20", promo, context)).toEqual({ applicable: true, code: "Spa20", discount: 599, message: "Promo code SPA20 applied: 20% off" });
    expect(evaluatePromo("x", { ...promo, kind: "fixed", value: 5000 }, context)).toMatchObject({ applicable: true, discount: 2999 });
    expect(evaluatePromo("x", { ...promo, kind: "fixed", value: 500 }, context)).toMatchObject({ discount: 500, message: "Promo code SPA20 applied: £5.00 off" });
  });

  it("classifies every refusal by the spec's words", () => {
    const cases: [Parameters<typeof evaluatePromo>[1], Partial<typeof context>, RegExp][] = [
      [promo, { signedIn: false }, /log in or register/],
      [null, {}, /invalid/],
      [{ ...promo, startsAt: new Date("2026-12-01T00:00:00Z") }, {}, /invalid/],
      [{ ...promo, endsAt: now }, {}, /expired/],
      [{ ...promo, maxUses: 10 }, { usage: { total: 10, byCustomer: 0 } }, /already been used/],
      [promo, { usage: { total: 3, byCustomer: 1 } }, /already used/],
      [{ ...promo, subCategoryId: 8 }, {}, /not applicable/],
      [{ ...promo, minimumSpend: 3000 }, {}, /not eligible for this promo code: spend at least £30\.00/],
    ];
    for (const [code, change, message] of cases) {
      const result = evaluatePromo("SPA20", code, { ...context, ...change });
      expect(result.applicable).toBe(false);
      expect(result.message).toMatch(message);
    }
  });

  it("counts only items in the code's sub-category towards the minimum spend and the discount", () => {
    const lines = [
      { subCategoryId: 7, itemsTotal: 1000 },
      { subCategoryId: 9, itemsTotal: 5000 },
    ];
    expect(evaluatePromo("x", { ...promo, subCategoryId: 7 }, { ...context, lines })).toMatchObject({ discount: 200 });
    expect(evaluatePromo("x", { ...promo, subCategoryId: 7, minimumSpend: 2000 }, { ...context, lines }).applicable).toBe(false);
  });
});
