import { describe, expect, it } from "vitest";
import { formatPostcode, isValidPostcode } from "./postcodes";

describe("postcodes", () => {
  it.each(["SW1A 1AA", "sw1a1aa", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "W1A 0AX", "EC1A 1BB", "GIR 0AA"])("accepts the UK postcode %s", (code) => {
    expect(isValidPostcode(code, "GB")).toBe(true);
  });

  it.each(["", "SW1A", "12345", "SW1A 1AAA", "QQ1 1AA", "D02 X285"])("rejects %s as a UK postcode", (code) => {
    expect(isValidPostcode(code, "GB")).toBe(false);
  });

  it.each(["D02 X285", "d02x285", "A65 F4E2", "D6W 1234", "H91 E2K6"])("accepts the Eircode %s", (code) => {
    expect(isValidPostcode(code, "IE")).toBe(true);
  });

  it.each(["SW1A 1AA", "D02 X28", "B02 X285", "D02 XO85"])("rejects %s as an Eircode", (code) => {
    expect(isValidPostcode(code, "IE")).toBe(false);
  });

  it("writes codes the standard way", () => {
    expect(formatPostcode("sw1a1aa", "GB")).toBe("SW1A 1AA");
    expect(formatPostcode(" m1  1ae ", "GB")).toBe("M1 1AE");
    expect(formatPostcode("d02x285", "IE")).toBe("D02 X285");
  });
});
