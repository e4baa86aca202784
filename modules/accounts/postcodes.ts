import type { CountryCode } from "../../lib/brand";

// UK postcodes: outward code (area, district) and inward code (sector, unit), per the Royal Mail format.
const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;
// Irish Eircodes: a routing key (letter and two digits, or D6W) and a four-character unique identifier.
const EIRCODE = /^([AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/;

export function isValidPostcode(value: string, countryCode: CountryCode): boolean {
  const compact = value.trim().toUpperCase().replace(/\s+/g, " ");
  return (countryCode === "IE" ? EIRCODE : UK_POSTCODE).test(compact);
}

/** Upper case with one space before the last part: "sw1a1aa" → "SW1A 1AA", "d02x285" → "D02 X285". */
export function formatPostcode(value: string, countryCode: CountryCode): string {
  const compact = value.toUpperCase().replace(/\s+/g, "");
  const split = countryCode === "IE" ? 3 : compact.length - 3;
  return `${compact.slice(0, split)} ${compact.slice(split)}`;
}
