import { describe, expect, it } from "vitest";
import { findUnsafeText, isSafeText, parseRecordId } from "./input";

describe("input edges", () => {
  it("refuses NUL bytes and lone surrogates, keeps every real character", () => {
    for (const text of ["Zoë", "家", "🙂 emoji pair", "tab\tand newline\n", ""]) expect(isSafeText(text)).toBe(true);
    for (const text of ["a\u0000b", "\ud800", "x\udfff", "\udfff\ud800"]) expect(isSafeText(text)).toBe(false);
  });

  it("finds the first unsafe field of a JSON body, keys included", () => {
    expect(findUnsafeText({ details: { city: "London", postcode: "N1\u0000" } })).toBe("details.postcode");
    expect(findUnsafeText({ items: ["ok", "\ud800"] })).toBe("items.1");
    expect(findUnsafeText({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(findUnsafeText("\u0000")).toBe("body");
    expect(findUnsafeText({ fine: [1, true, null, "text"] })).toBeNull();
  });

  it("reads ids the database can hold, nothing else", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
    for (const text of ["0", "2147483648", "9999999999", "-1", "1e3", "12a", "", null, undefined]) expect(parseRecordId(text)).toBeNull();
  });
});
