import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { formatPostcode, isValidPostcode } from "../accounts/postcodes";
import { postcodeAddresses } from "./schema";

/** One delivery point as the checkout shows it and fills its fields from. */
export interface PostcodeAddress {
  id: number;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
}

/**
 * What a lookup found: the addresses at a postcode, nothing (the postcode is not in the address
 * data), or no answer at all (the provider failed or has no data for the country). The last two
 * both send the shopper to manual entry, with different messages (spec: Address texts).
 */
export type AddressLookupResult =
  | { kind: "found"; postcode: string; addresses: PostcodeAddress[] }
  | { kind: "not-found" }
  | { kind: "error"; reason: string };

/**
 * A postcode-to-address provider. The built-in one reads the postcode_addresses table; a service
 * such as Loqate could stand behind the same interface. Providers answer failures with
 * `{kind: "error"}` instead of throwing, so the shopper always gets to manual entry.
 * `postcode` must already be valid for the country (isValidPostcode).
 */
export interface AddressLookup {
  lookup(countryCode: CountryCode, postcode: string): Promise<AddressLookupResult>;
}

/** A postcode's lookup key: upper case without spaces ("sw1a 1aa" → "SW1A1AA"). */
export function postcodeKey(postcode: string): string {
  return postcode.toUpperCase().replace(/\s+/g, "");
}

/** More delivery points than any real postcode has: a bound on what one answer can carry. */
const MAX_ADDRESSES = 200;
const byHouseNumber = new Intl.Collator("en-GB", { numeric: true, sensitivity: "base" });

/** The built-in provider: the address book operators load into postcode_addresses (indexed by country and key). */
export function databaseAddressLookup(db: Db): AddressLookup {
  return {
    async lookup(countryCode, postcode) {
      try {
        const rows = await db
          .select({ id: postcodeAddresses.id, line1: postcodeAddresses.line1, line2: postcodeAddresses.line2, city: postcodeAddresses.city, postcode: postcodeAddresses.postcode })
          .from(postcodeAddresses)
          .where(and(eq(postcodeAddresses.countryCode, countryCode), eq(postcodeAddresses.postcodeKey, postcodeKey(postcode))))
          .limit(MAX_ADDRESSES);
        if (rows.length > 0) {
          rows.sort((a, b) => byHouseNumber.compare(`${a.line1} ${a.line2}`, `${b.line1} ${b.line2}`));
          return { kind: "found", postcode: formatPostcode(postcode, countryCode), addresses: rows };
        }
        // No data at all for the country is a missing provider, not a postcode that does not exist.
        const [loaded] = await db.select({ id: postcodeAddresses.id }).from(postcodeAddresses).where(eq(postcodeAddresses.countryCode, countryCode)).limit(1);
        return loaded ? { kind: "not-found" } : { kind: "error", reason: `no address data loaded for ${countryCode}` };
      } catch (error) {
        return { kind: "error", reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/** Spec "Address check" states, lower case as the API sends them. */
export type AddressCheck = "deliverable" | "risky" | "undeliverable" | "unknown";

/**
 * Checks a postcode as typed: undeliverable when it cannot be one, deliverable when the address
 * data knows it, risky when the data is there but lacks it (a new or mistyped postcode), unknown
 * when the lookup could not answer.
 */
export async function checkPostcode(lookup: AddressLookup, countryCode: CountryCode, postcode: string): Promise<{ valid: boolean; exists: boolean; status: AddressCheck }> {
  if (!isValidPostcode(postcode, countryCode)) return { valid: false, exists: false, status: "undeliverable" };
  const result = await lookup.lookup(countryCode, postcode);
  if (result.kind === "found") return { valid: true, exists: true, status: "deliverable" };
  return { valid: true, exists: false, status: result.kind === "not-found" ? "risky" : "unknown" };
}
