import { describe, expect, it } from "vitest";
import { availablePaymentMethods, type MethodAvailabilityInput, offeredInstrumentTypes } from "./method-availability";

const guest: MethodAvailabilityInput = {
  authenticated: false,
  total: 2500,
  currency: "GBP",
  savedInstrumentTypes: [],
  device: { applePay: false, specialBrowser: false },
  enabled: { klarna: false, clearpay: false },
};
const customer: MethodAvailabilityInput = { ...guest, authenticated: true };

describe("availablePaymentMethods", () => {
  it("offers a guest card, Google Pay, PayPal and PayPal Credit; Klarna and Clearpay are off by default", () => {
    expect(availablePaymentMethods(guest)).toEqual(["card", "google", "paypal", "paypal_credit"]);
  });

  it("offers Apple Pay instead of Google Pay to a guest whose device supports it", () => {
    expect(availablePaymentMethods({ ...guest, device: { applePay: true, specialBrowser: false } })).toEqual(["card", "apple", "paypal", "paypal_credit"]);
  });

  it("does not offer Google Pay in a special browser", () => {
    expect(availablePaymentMethods({ ...guest, device: { applePay: false, specialBrowser: true } })).not.toContain("google");
  });

  it("offers a signed-in customer wallets only for a non-zero total with a saved instrument of that kind", () => {
    expect(availablePaymentMethods(customer)).toEqual(["card"]);
    const saved = { ...customer, savedInstrumentTypes: ["apple", "paypal", "google"] as const, device: { applePay: true, specialBrowser: false } };
    expect(availablePaymentMethods(saved)).toEqual(["card", "apple", "google", "paypal", "paypal_credit"]);
    expect(availablePaymentMethods({ ...saved, total: 0 })).toEqual(["card", "google"]);
  });

  it("offers Klarna and Clearpay only when switched on, Clearpay for totals of 1 to 1000", () => {
    const enabled = { ...guest, enabled: { klarna: true, clearpay: true } };
    expect(availablePaymentMethods(enabled)).toContain("klarna");
    expect(availablePaymentMethods(enabled)).toContain("clearpay");
    expect(availablePaymentMethods({ ...enabled, total: 99 })).not.toContain("clearpay");
    expect(availablePaymentMethods({ ...enabled, total: 100_000 })).toContain("clearpay");
    expect(availablePaymentMethods({ ...enabled, total: 100_001 })).not.toContain("clearpay");
  });

  it("offers PayPal Credit in sterling up to its credit limit", () => {
    expect(availablePaymentMethods({ ...guest, currency: "EUR" })).not.toContain("paypal_credit");
    expect(availablePaymentMethods({ ...guest, total: 120_001 })).not.toContain("paypal_credit");
  });

  it("offers a signed-in customer the gateway's wallets whether or not they saved one", () => {
    const offered = { ...customer, savedInstrumentTypes: offeredInstrumentTypes(["card"]) };
    expect(availablePaymentMethods(offered)).toEqual(["card", "google", "paypal", "paypal_credit"]);
    expect(availablePaymentMethods({ ...offered, device: { applePay: true, specialBrowser: false } })).toEqual(["card", "apple", "google", "paypal", "paypal_credit"]);
    expect(offeredInstrumentTypes(["paypal", "card"])).toEqual(["paypal", "card", "google", "apple"]);
  });
});
