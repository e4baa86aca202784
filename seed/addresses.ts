import { isValidPostcode } from "../modules/accounts/postcodes";
import { postcodeKey } from "../modules/address/lookup";
import { postcodeAddresses } from "../modules/address/schema";
import type { Db } from "../db/client";
import { bulkInsert } from "./bulk-insert";
import { LOCATIONS, type SeedLocation } from "./data/locations";
import { STREET_NAMES } from "./data/words";
import { Random } from "./random";

export type NewPostcodeAddress = typeof postcodeAddresses.$inferInsert;

/** Its own fixed stream: the demo address book is the same whatever catalogue seed is chosen. */
const ADDRESS_SEED = 0xadd7e55;
const UK_POSTCODES_PER_DISTRICT = 4;
const EIRCODES_PER_ROUTING_KEY = 6;
// Inward codes: a sector digit and two unit letters (no C, I, K, M, O, V).
const UK_UNIT_LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];
const EIRCODE_CHARACTERS = [..."ACDEFHKNPRTVWXY0123456789"];
const MORE_UK_STREETS = ["Elm Grove", "Cedar Avenue", "Orchard Close", "Wellington Road", "Richmond Terrace", "Clarence Street", "Grosvenor Place", "Nelson Street"];
const IRISH_STREETS = ["Main Street", "Church Road", "Parnell Street", "Abbey Street", "Harbour Road", "Patrick Street", "Castle Street", "Mill Road", "Seafield Avenue", "Ashgrove Park", "Oak Lawn", "The Crescent"];
const BUILDINGS = ["Kingsley House", "Riverside Court", "The Maltings", "Victoria Mansions", "Station Works", "Harbour View"];

/**
 * Addresses known to journeys and tests, whatever the generator draws. Buckingham Palace and
 * Downing Street are real; the rest of the book is made up.
 */
const FIXED: readonly { countryCode: "GB" | "IE"; postcode: string; city: string; lines: readonly [string, string][]; at: Position }[] = [
  { countryCode: "GB", postcode: "SW1A 1AA", city: "London", lines: [["Buckingham Palace", ""]], at: { lat: 51.501, lon: -0.1416 } },
  { countryCode: "GB", postcode: "SW1A 2AA", city: "London", lines: [["10 Downing Street", ""], ["11 Downing Street", ""]], at: { lat: 51.5034, lon: -0.1276 } },
];
type Position = { lat: number; lon: number };
/** Postcodes used in tests and examples that get generated streets like the rest. */
const WELL_KNOWN = [
  { location: "manchester", postcode: "M1 1AE" },
  { location: "dublin", postcode: "D02 X285" },
] as const;

/** Dublin's routing keys are the postal districts ("D02" → "Dublin 2", "D6W" → "Dublin 6W"). */
function postTown(location: SeedLocation, prefix: string): string {
  const district = /^D(\d\d|6W)$/.exec(prefix);
  return district ? `Dublin ${district[1].replace(/^0/, "")}` : location.name;
}

/** One UK postcode unit: a run of house numbers on one street, or flats in one building. */
function ukDeliveryPoints(rng: Random, location: SeedLocation): [string, string][] {
  const street = rng.pick([...STREET_NAMES, ...MORE_UK_STREETS]);
  const area = location.areas && rng.chance(0.5) ? rng.pick(location.areas) : "";
  const count = rng.int(5, 14);
  if (rng.chance(0.2)) {
    const building = `${rng.pick(BUILDINGS)}, ${rng.int(1, 120)} ${street}`;
    return Array.from({ length: count }, (_, i) => [`Flat ${i + 1}`, building]);
  }
  // One side of the street: odd or even numbers.
  const first = rng.int(0, 60) * 2 + rng.int(1, 2);
  return Array.from({ length: count }, (_, i) => [`${first + i * 2} ${street}`, area]);
}

/** An Eircode identifies one delivery point. */
function irishDeliveryPoint(rng: Random, location: SeedLocation): [string, string] {
  const area = location.areas && rng.chance(0.6) ? rng.pick(location.areas) : "";
  const street = rng.pick(IRISH_STREETS);
  return rng.chance(0.25) ? [`Apartment ${rng.int(1, 40)}`, `${rng.pick(BUILDINGS)}, ${street}`] : [`${rng.int(1, 150)} ${street}`, area];
}

function drawPostcode(rng: Random, location: SeedLocation, prefix: string): string {
  if (location.countryCode === "GB") return `${prefix} ${rng.int(1, 9)}${rng.pick(UK_UNIT_LETTERS)}${rng.pick(UK_UNIT_LETTERS)}`;
  let unique = "";
  for (let i = 0; i < 4; i++) unique += rng.pick(EIRCODE_CHARACTERS);
  return `${prefix} ${unique}`;
}

/**
 * The demo address book: a few hundred postcodes in the districts of every seeded location (UK)
 * and Eircodes under every Irish routing key, plus the well-known ones tests use. Deterministic.
 */
export function buildDemoAddresses(): NewPostcodeAddress[] {
  const rng = new Random(ADDRESS_SEED);
  const rows: NewPostcodeAddress[] = [];
  const seen = new Set<string>();
  const add = (countryCode: "GB" | "IE", postcode: string, city: string, lines: readonly [string, string][], at: Position) => {
    const key = `${countryCode}:${postcodeKey(postcode)}`;
    if (seen.has(key) || !isValidPostcode(postcode, countryCode)) return;
    seen.add(key);
    for (const [line1, line2] of lines) rows.push({ countryCode, postcodeKey: postcodeKey(postcode), postcode, line1, line2, city, lat: at.lat, lon: at.lon });
  };
  const points = (location: SeedLocation) => (location.countryCode === "GB" ? ukDeliveryPoints(rng, location) : [irishDeliveryPoint(rng, location)]);

  for (const fixed of FIXED) add(fixed.countryCode, fixed.postcode, fixed.city, fixed.lines, fixed.at);
  for (const known of WELL_KNOWN) {
    const location = LOCATIONS.find((candidate) => candidate.shortName === known.location)!;
    add(location.countryCode, known.postcode, postTown(location, known.postcode.split(" ")[0]), points(location), location);
  }
  // The generated postcodes are made up, so their honest approximate position is their town's centre
  // (the seeded location's real coordinates), the same for every delivery point in the district.
  for (const location of LOCATIONS) {
    const perPrefix = location.countryCode === "GB" ? UK_POSTCODES_PER_DISTRICT : EIRCODES_PER_ROUTING_KEY;
    for (const prefix of location.postcodePrefixes) {
      for (let i = 0; i < perPrefix; i++) add(location.countryCode, drawPostcode(rng, location, prefix), postTown(location, prefix), points(location), location);
    }
  }
  return rows;
}

/**
 * Loads the demo address book into an empty postcode_addresses table. A table that already has
 * rows (an operator's PAF or Eircode extract, or an earlier seed) is left alone. Returns the rows added.
 */
export async function seedDemoAddresses(db: Db): Promise<number> {
  if ((await db.$count(postcodeAddresses)) > 0) return 0;
  const rows = buildDemoAddresses();
  await bulkInsert(db, postcodeAddresses, rows);
  return rows.length;
}
