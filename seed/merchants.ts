import type { CategoryKind, merchantAddresses, merchants } from "../modules/catalog/schema";
import { LOCATIONS, type SeedLocation } from "./data/locations";
import { PLACE_TOWNS } from "./data/places";
import { MERCHANT_PREFIXES, STREET_NAMES } from "./data/words";
import type { Random } from "./random";
import { slugify } from "./text";

export type NewMerchant = typeof merchants.$inferInsert & { id: number };
export type NewMerchantAddress = typeof merchantAddresses.$inferInsert;

/** What a deal needs to know about its merchant. */
export interface MerchantRef {
  id: number;
  displayName: string;
  /** Where the deal happens, for headlines: a neighbourhood, a city or a travel destination. */
  area: string;
}

export interface MerchantRequest {
  /** Deals with the same key may share a merchant (same place, same sub-category). */
  key: string;
  kind: CategoryKind;
  countryCode: "GB" | "IE";
  nouns: readonly string[];
  /** Local deals: the merchant is in the deal's location. */
  location?: SeedLocation;
  /** National and travel merchants have a head office somewhere in their market. */
  marketLocations: readonly SeedLocation[];
  /** Travel: destinations the merchant may be in. */
  places?: readonly string[];
}

export interface MerchantChoice {
  ref: MerchantRef;
  /** Set when the merchant is new and must be inserted before its deal. */
  created?: { merchant: NewMerchant; address: NewMerchantAddress };
}

const REUSE_PROBABILITY = 0.35;
const UK_POSTCODE_LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];
const EIRCODE_CHARACTERS = [..."ACDEFHKNPRTVWXY0123456789"];
const IRISH_VAT_LETTERS = [..."ABCDEFGHW"];

/**
 * Creates merchants as deals need them, sometimes reusing a recent one so a merchant can have
 * several deals. Ids are handed out in order so the same seed gives the same ids; only the last
 * merchant per key is remembered, which keeps memory bounded however many deals are made.
 */
export class MerchantFactory {
  private readonly latest = new Map<string, MerchantRef>();

  constructor(private nextId: number) {}

  forDeal(rng: Random, request: MerchantRequest): MerchantChoice {
    const existing = this.latest.get(request.key);
    if (existing && rng.chance(REUSE_PROBABILITY)) return { ref: existing };

    const id = this.nextId++;
    const displayName = merchantName(rng, request);
    const home = request.location ?? rng.weighted(request.marketLocations, (location) => location.weight);
    const area = request.places ? rng.pick(request.places) : home.areas && rng.chance(0.6) ? rng.pick(home.areas) : home.name;
    const ref: MerchantRef = { id, displayName, area };
    this.latest.set(request.key, ref);

    // A hotel in a break destination is there, not at the market's head-office city (data/places.ts).
    const where = placeTown(area, request.countryCode) ?? home;
    const irish = request.countryCode === "IE";
    const domain = `${slugify(displayName).replace(/-/g, "")}.${irish ? "ie" : "co.uk"}`;
    const merchant: NewMerchant = {
      id,
      displayName,
      businessName: `${displayName.replace(/^The /, "")} ${irish ? "Limited" : "Ltd"}`,
      vatNumber: rng.chance(0.7) ? vatNumber(rng, irish) : null,
      website: rng.chance(0.6) ? `https://www.${domain}` : null,
      // Contact details come from the id, not the random stream, so the rest of the catalogue is unchanged.
      contactEmail: `${CONTACT_MAILBOXES[id % CONTACT_MAILBOXES.length]}@${domain}`,
      contactPhone: contactPhone(id, irish, request.location?.shortName),
    };
    const address: NewMerchantAddress = {
      merchantId: id,
      isMain: true,
      addressLine1: `${rng.int(1, 220)} ${rng.pick(STREET_NAMES)}`,
      addressLine2: neighbourhoodOf(where, home, home.areas && rng.chance(0.4) ? rng.pick(home.areas) : rng.chance(0.2) ? `Unit ${rng.int(1, 24)}` : null),
      town: where.name,
      postCode: postcodeIn(where, irish ? eircode(rng, where) : ukPostcode(rng, where), id),
      // Jitter around the town centre: a few kilometres, enough to spread pins on a map.
      lat: round6(where.lat + rng.float(-0.03, 0.03)),
      lon: round6(where.lon + rng.float(-0.045, 0.045)),
    };
    return { ref, created: { merchant, address } };
  }
}

/**
 * A break in the other market's country (an Irish listing of a Welsh hotel) gets that country's
 * postcode, made from the id so the random stream (and the rest of the catalogue) is unchanged.
 */
function postcodeIn(where: Pick<SeedLocation, "postcodePrefixes"> & { countryCode?: "GB" | "IE" }, drawn: string, id: number): string {
  const drawnIrish = /^[A-Z]\d[\dW] [A-Z0-9]{4}$/.test(drawn);
  if (where.countryCode === undefined || (where.countryCode === "IE") === drawnIrish) return drawn;
  const prefix = where.postcodePrefixes[id % where.postcodePrefixes.length];
  if (where.countryCode === "IE") return `${prefix} ${[0, 1, 2, 3].map((i) => EIRCODE_CHARACTERS[(id >> (i * 3)) % EIRCODE_CHARACTERS.length]).join("")}`;
  return `${prefix} ${(id % 9) + 1}${UK_POSTCODE_LETTERS[id % UK_POSTCODE_LETTERS.length]}${UK_POSTCODE_LETTERS[(id >> 3) % UK_POSTCODE_LETTERS.length]}`;
}

/** A neighbourhood of the head-office city is no part of an address in another town (same draws either way). */
function neighbourhoodOf(where: object, home: SeedLocation, line: string | null): string | null {
  return where !== home && line !== null && home.areas?.includes(line) ? null : line;
}

/** The town (as a location) a travel destination in the merchant's market stands for; null abroad. */
function placeTown(area: string, countryCode: "GB" | "IE"): Pick<SeedLocation, "name" | "lat" | "lon" | "postcodePrefixes" | "areas" | "countryCode"> | null {
  const location = LOCATIONS.find((l) => l.name === area && l.countryCode === countryCode);
  if (location) return { ...location, areas: undefined };
  const place = PLACE_TOWNS[area];
  if (!place) return null;
  return { name: place.town, lat: place.lat, lon: place.lon, postcodePrefixes: place.postcodePrefixes, countryCode: place.countryCode };
}

const CONTACT_MAILBOXES = ["hello", "bookings", "info", "enquiries", "customerservice"];

/**
 * Numbers set aside for drama and examples (Ofcom's 020 7946 0xxx, 0161 496 0xxx… and freephone
 * 0808 157 0xxx), so no real business is ever called; Irish merchants get Dublin's 01 555 xxxx.
 */
const UK_DRAMA_PREFIXES: Record<string, string> = {
  london: "020 7946 0",
  manchester: "0161 496 0",
  birmingham: "0121 496 0",
  leeds: "0113 496 0",
  sheffield: "0114 496 0",
  nottingham: "0115 496 0",
  bristol: "0117 496 0",
  edinburgh: "0131 496 0",
  glasgow: "0141 496 0",
  liverpool: "0151 496 0",
  newcastle: "0191 498 0",
  cardiff: "029 2018 0",
  belfast: "028 9018 0",
};

function contactPhone(id: number, irish: boolean, locationSlug: string | undefined): string {
  const last = String(id % 1000).padStart(3, "0");
  if (irish) return `01 555 0${last}`;
  return `${(locationSlug && UK_DRAMA_PREFIXES[locationSlug]) ?? "0808 157 0"}${last}`;
}

function merchantName(rng: Random, request: MerchantRequest): string {
  const name = `${rng.pick(MERCHANT_PREFIXES)} ${rng.pick(request.nouns)}`;
  // Shops read as brands ("Nova Tech"); venues and hotels often take "The".
  return request.kind !== "national" && rng.chance(0.4) ? `The ${name}` : name;
}

function ukPostcode(rng: Random, location: Pick<SeedLocation, "postcodePrefixes">): string {
  const letters = `${rng.pick(UK_POSTCODE_LETTERS)}${rng.pick(UK_POSTCODE_LETTERS)}`;
  return `${rng.pick(location.postcodePrefixes)} ${rng.int(1, 9)}${letters}`;
}

function eircode(rng: Random, location: Pick<SeedLocation, "postcodePrefixes">): string {
  let unique = "";
  for (let i = 0; i < 4; i++) unique += rng.pick(EIRCODE_CHARACTERS);
  return `${rng.pick(location.postcodePrefixes)} ${unique}`;
}

function vatNumber(rng: Random, irish: boolean): string {
  const digits = (count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join("");
  return irish ? `IE${digits(7)}${rng.pick(IRISH_VAT_LETTERS)}` : `GB${digits(9)}`;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
