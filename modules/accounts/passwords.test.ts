import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./passwords";
import { newPasswordField } from "./validation";

describe("password rules", () => {
  it("refuses the shop's and the brands' names with digits, symbols or leet around them, whatever the case", () => {
    const refused = [
      "wowcher123",
      "dealwise1",
      "Dealwise2026!",
      "WOWCHER!!",
      "W0wch3r99",
      "de@lwise1",
      "Deal Wise 1",
      "livingsocial1",
      "L1v1ngS0c1al",
      "123livingsocial",
      "wowcher.co.uk",
      "www.wowcher.ie",
      "wowcherie2024",
    ];
    for (const password of refused) {
      expect(isCommonPassword(password), password).toBe(true);
      const parsed = newPasswordField.safeParse(password);
      expect(parsed.success, password).toBe(false);
      expect(parsed.error?.issues[0].message).toBe("This password is too common and easy to guess. Please choose another.");
    }
  });

  it("keeps passwords that merely mention a name among other words, and ordinary strong ones", () => {
    for (const password of ["wowcher saved me forty pounds", "correct horse battery staple", "dealwiser-owl-42", "Tr0ub4dor&3xyz"]) {
      expect(isCommonPassword(password), password).toBe(false);
      expect(newPasswordField.safeParse(password).success, password).toBe(true);
    }
  });

  it("still refuses the common list and one character repeated", () => {
    expect(isCommonPassword(" Password ")).toBe(true);
    expect(isCommonPassword("aaaaaaaa")).toBe(true);
  });
});
