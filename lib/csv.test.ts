import { describe, expect, it } from "vitest";
import { csvAmount, csvRow, csvText, parseCsv } from "./csv";

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

describe("reading CSV", () => {
  it("reads what a spreadsheet writes: quoted commas, line breaks and quotes, CRLF or LF, a byte-order mark", () => {
    expect(parseCsv('\ufeffa,b,c\r\n1,"two, three","say ""hi""\nthere"\n4,,6\n')).toEqual([
      ["a", "b", "c"],
      ["1", "two, three", 'say "hi"\nthere'],
      ["4", "", "6"],
    ]);
    expect(parseCsv("x,y")).toEqual([["x", "y"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("answers null for a quote never closed, and reads what it writes", () => {
    expect(parseCsv('a,"b\n')).toBeNull();
    const written = csvRow([csvText("=1+1"), csvText('a "b", c'), "3"]);
    expect(parseCsv(written)).toEqual([["'=1+1", 'a "b", c', "3"]]);
  });
});
