import { describe, expect, it } from "vitest";
import { csvAmount, csvRow, csvText } from "./csv";

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvText('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText("+1")).toBe("'+1");
    expect(csvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvText("plain")).toBe("plain");
  });

  it("writes amounts as plain decimals and ends records with CRLF", () => {
    expect(csvAmount(1234)).toBe("12.34");
    expect(csvAmount(-5)).toBe("-0.05");
    expect(csvRow(["a", "b"])).toBe("a,b\r\n");
  });
});
