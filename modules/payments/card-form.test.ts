import { describe, expect, it } from "vitest";
import { CARD_FORM_MESSAGES, cardBrand, validateCardForm } from "./card-form";

const now = new Date("2026-11-21T12:00:00Z");
const valid = { number: "4111 1111 1111 1111", expiry: "12/28", securityCode: "123", postalCode: "SW1A 1AA" };

describe("validateCardForm", () => {
  it("accepts a Visa and a MasterCard typed with spaces and returns the digits", () => {
    const visa = validateCardForm(valid, now);
    expect(visa).toMatchObject({ ok: true, card: { number: "4111111111111111", brand: "visa", expiryMonth: 12, expiryYear: 2028 } });
    const mastercard = validateCardForm({ ...valid, number: "5555-5555-5555-4444", expiry: "01/2030" }, now);
    expect(mastercard).toMatchObject({ ok: true, card: { brand: "mastercard", expiryYear: 2030 } });
  });

  it("rejects a number that fails the check digit or is too short", () => {
    for (const number of ["4111 1111 1111 1112", "4111", "", "abcd efgh ijkl mnop"]) {
      expect(validateCardForm({ ...valid, number }, now)).toEqual({ ok: false, errors: { number: CARD_FORM_MESSAGES.NUMBER_INVALID } });
    }
  });

  it("turns away American Express and Diners with the spec's message", () => {
    expect(validateCardForm({ ...valid, number: "3782 822463 10005" }, now)).toEqual({
      ok: false,
      errors: { number: "Sorry, we currently only accept Visa and MasterCard" },
    });
    expect(validateCardForm({ ...valid, number: "3622 720627 1667" }, now)).toMatchObject({ errors: { number: CARD_FORM_MESSAGES.BRAND_NOT_ACCEPTED } });
  });

  it("tells an invalid expiry date from an expired card", () => {
    expect(validateCardForm({ ...valid, expiry: "13/28" }, now)).toMatchObject({ errors: { expiry: "This expiry date is not valid" } });
    expect(validateCardForm({ ...valid, expiry: "1228" }, now)).toMatchObject({ errors: { expiry: "This expiry date is not valid" } });
    expect(validateCardForm({ ...valid, expiry: "10/26" }, now)).toMatchObject({ errors: { expiry: "Card Expired" } });
    // Valid to the end of the expiry month.
    expect(validateCardForm({ ...valid, expiry: "11/26" }, now).ok).toBe(true);
  });

  it("requires the security code and postal code", () => {
    expect(validateCardForm({ ...valid, securityCode: " ", postalCode: "" }, now)).toEqual({
      ok: false,
      errors: { securityCode: "Security code is required", postalCode: "Postal code is required" },
    });
    expect(validateCardForm({ ...valid, securityCode: "12a" }, now)).toMatchObject({ errors: { securityCode: CARD_FORM_MESSAGES.SECURITY_CODE_INVALID } });
  });

  it("recognises MasterCard's 2-series numbers", () => {
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("6011111111111117")).toBe("other");
  });
});
