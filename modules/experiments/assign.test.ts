import { describe, expect, it } from "vitest";
import { AB_COOKIE_MAX_AGE_SECONDS, assignVariants, EXPERIMENT_NAMES } from "./assign";

const cookies = (values: Record<string, string>) => (name: string) => values[name];

describe("assignVariants", () => {
  it("assigns only experiments that have a treatment: not passwordless checkout, the booking-calendar gift or the Irish draw", () => {
    expect(EXPERIMENT_NAMES).toEqual(["autocomplete"]);
  });

  it("keeps autocomplete variant b or c from its cookie", () => {
    expect(assignVariants(["autocomplete"], { cookie: cookies({ ab_autocomplete: "c" }) })).toEqual([{ test: "autocomplete", variant: "c" }]);
    expect(assignVariants(["autocomplete"], { cookie: cookies({ ab_autocomplete: "b" }) })).toEqual([{ test: "autocomplete", variant: "b" }]);
  });

  it("falls back to the default without a cookie or with an unknown value, once per test", () => {
    expect(assignVariants(["autocomplete"], { cookie: cookies({}) })).toEqual([{ test: "autocomplete", variant: "a" }]);
    expect(assignVariants(["autocomplete", "autocomplete"], { cookie: cookies({ ab_autocomplete: "d" }) })).toEqual([{ test: "autocomplete", variant: "a" }]);
  });

  it("keeps the A/B cookies for 365 days", () => {
    expect(AB_COOKIE_MAX_AGE_SECONDS).toBe(365 * 86_400);
  });
});
