import { doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The address book behind the checkout's postcode lookup: one row per delivery point, keyed by
 * the postcode (UK) or Eircode (IE) with its space removed and upper-cased. Operators load their
 * address data (a Royal Mail PAF or Eircode extract) into it; development seeds demo addresses.
 */
export const postcodeAddresses = pgTable(
  "postcode_addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text("country_code").$type<"GB" | "IE">().notNull(),
    /** Normalised lookup key: upper case, no spaces ("SW1A1AA"). */
    postcodeKey: text("postcode_key").notNull(),
    /** As printed on an envelope ("SW1A 1AA"). */
    postcode: text("postcode").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    city: text("city").notNull(),
    /** The delivery point's position (WGS84), where the address data carries one: geocodes merchant addresses. */
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
  },
  (t) => [index("postcode_addresses_lookup_idx").on(t.countryCode, t.postcodeKey)],
);
