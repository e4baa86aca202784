/**
 * Reference data for the dated travel the seed makes (seed/travel.ts): where each destination
 * flies to, how long the flight takes, its time zone, how prices move through the year, and the
 * extra costs hotels and operators print beside a night.
 */

/** A destination's airport, its local time zone and the flight time from the UK or Ireland in minutes. */
export interface Destination {
  airport: string;
  timeZone: string;
  minutes: number;
}

/** Keyed by the places of seed/data/words.ts (the deal's headline names one). */
export const DESTINATIONS: Readonly<Record<string, Destination>> = {
  Tenerife: { airport: "TFS", timeZone: "Atlantic/Canary", minutes: 255 },
  Lanzarote: { airport: "ACE", timeZone: "Atlantic/Canary", minutes: 240 },
  Majorca: { airport: "PMI", timeZone: "Europe/Madrid", minutes: 140 },
  Crete: { airport: "HER", timeZone: "Europe/Athens", minutes: 245 },
  Algarve: { airport: "FAO", timeZone: "Europe/Lisbon", minutes: 165 },
  "Costa del Sol": { airport: "AGP", timeZone: "Europe/Madrid", minutes: 170 },
  Cyprus: { airport: "PFO", timeZone: "Asia/Nicosia", minutes: 290 },
  Malta: { airport: "MLA", timeZone: "Europe/Malta", minutes: 190 },
  Paris: { airport: "CDG", timeZone: "Europe/Paris", minutes: 75 },
  Rome: { airport: "FCO", timeZone: "Europe/Rome", minutes: 155 },
  Barcelona: { airport: "BCN", timeZone: "Europe/Madrid", minutes: 125 },
  Amsterdam: { airport: "AMS", timeZone: "Europe/Amsterdam", minutes: 70 },
  Prague: { airport: "PRG", timeZone: "Europe/Prague", minutes: 120 },
  Lisbon: { airport: "LIS", timeZone: "Europe/Lisbon", minutes: 155 },
  Budapest: { airport: "BUD", timeZone: "Europe/Budapest", minutes: 150 },
  Krakow: { airport: "KRK", timeZone: "Europe/Warsaw", minutes: 145 },
  "New York": { airport: "JFK", timeZone: "America/New_York", minutes: 470 },
  Turkey: { airport: "AYT", timeZone: "Europe/Istanbul", minutes: 265 },
  Egypt: { airport: "HRG", timeZone: "Africa/Cairo", minutes: 320 },
  Mexico: { airport: "CUN", timeZone: "America/Cancun", minutes: 630 },
  "Dominican Republic": { airport: "PUJ", timeZone: "America/Santo_Domingo", minutes: 580 },
  Greece: { airport: "RHO", timeZone: "Europe/Athens", minutes: 250 },
  Bulgaria: { airport: "BOJ", timeZone: "Europe/Sofia", minutes: 210 },
  Venice: { airport: "VCE", timeZone: "Europe/Rome", minutes: 130 },
  Athens: { airport: "ATH", timeZone: "Europe/Athens", minutes: 235 },
  Marseille: { airport: "MRS", timeZone: "Europe/Paris", minutes: 115 },
  Miami: { airport: "MIA", timeZone: "America/New_York", minutes: 580 },
  Barbados: { airport: "BGI", timeZone: "America/Barbados", minutes: 525 },
  "Fort Lauderdale": { airport: "FLL", timeZone: "America/New_York", minutes: 570 },
  Danube: { airport: "BUD", timeZone: "Europe/Budapest", minutes: 150 },
  Rhine: { airport: "BSL", timeZone: "Europe/Zurich", minutes: 100 },
  Douro: { airport: "OPO", timeZone: "Europe/Lisbon", minutes: 130 },
  Seine: { airport: "CDG", timeZone: "Europe/Paris", minutes: 75 },
};

/** Where a package flies from with its extra per passenger (pounds) over the cheapest route, and its airlines. */
export interface DepartureAirport {
  code: string;
  weight: number;
  /** Usual extra per passenger, pounds: [min, max]. */
  extra: readonly [number, number];
  carriers: readonly string[];
}

/** London's airports (the 'Any London' group) then the regional ones. */
export const UK_DEPARTURES: readonly DepartureAirport[] = [
  { code: "LGW", weight: 6, extra: [0, 0], carriers: ["U2", "BA", "LS"] },
  { code: "STN", weight: 4, extra: [0, 15], carriers: ["FR", "LS", "U2"] },
  { code: "LTN", weight: 4, extra: [0, 15], carriers: ["U2", "W6", "FR"] },
  { code: "LHR", weight: 3, extra: [35, 70], carriers: ["BA", "VS"] },
  { code: "SEN", weight: 1, extra: [5, 20], carriers: ["U2", "FR"] },
  { code: "LCY", weight: 1, extra: [60, 95], carriers: ["BA", "LX"] },
];

export const UK_REGIONAL_DEPARTURES: readonly DepartureAirport[] = [
  { code: "MAN", weight: 3, extra: [10, 35], carriers: ["LS", "U2", "FR", "BY"] },
  { code: "BHX", weight: 2, extra: [10, 35], carriers: ["LS", "BY", "FR"] },
];

export const IRISH_DEPARTURES: readonly DepartureAirport[] = [{ code: "DUB", weight: 1, extra: [0, 0], carriers: ["EI", "FR"] }];

/** How prices move through the year, January first: 1.0 is the lead (cheapest) price. */
export type SeasonName = "breaks" | "coast" | "sun" | "city" | "cruise";

export const SEASONS: Readonly<Record<SeasonName, readonly number[]>> = {
  breaks: [1.0, 1.05, 1.05, 1.15, 1.15, 1.2, 1.3, 1.35, 1.15, 1.1, 1.0, 1.1],
  coast: [1.0, 1.0, 1.05, 1.2, 1.2, 1.35, 1.5, 1.6, 1.25, 1.1, 1.0, 1.05],
  sun: [1.0, 1.0, 1.1, 1.2, 1.15, 1.3, 1.5, 1.55, 1.3, 1.15, 1.0, 1.1],
  city: [1.0, 1.05, 1.15, 1.2, 1.2, 1.15, 1.1, 1.1, 1.2, 1.15, 1.05, 1.25],
  cruise: [1.0, 1.0, 1.05, 1.15, 1.2, 1.3, 1.4, 1.45, 1.25, 1.1, 1.0, 1.15],
};

export const SEASON_OF_SUB_CATEGORY: Readonly<Record<string, SeasonName>> = {
  "spa-breaks": "breaks",
  "city-breaks": "city",
  coastal: "coast",
  countryside: "breaks",
  "hotel-breaks": "breaks",
  "castle-breaks": "breaks",
  beach: "sun",
  city: "city",
  "all-inclusive": "sun",
  mediterranean: "cruise",
  caribbean: "cruise",
  river: "cruise",
};

/** Costs not in the price, as hotels and operators word them ({currency} is £ or €). */
export const ADDITIONAL_COSTS: Readonly<Record<"hotel" | "abroad" | "cruise", readonly string[]>> = {
  hotel: [
    "Parking {currency}10 per car per night, payable at the hotel",
    "Dinner on your second night: {currency}25 per person supplement, payable at the hotel",
    "Dogs welcome in selected rooms: {currency}20 per stay, payable at the hotel",
    "Spa treatments are extra and must be booked ahead with the hotel",
  ],
  abroad: [
    "Tourist tax of about €2 per person per night, payable at the hotel",
    "City tax payable locally at check-in",
    "Transfers are not included",
    "Hold luggage is not included: about {currency}35 per person each way, paid to the airline",
  ],
  cruise: ["Gratuities of about $16 per person per night, payable on board", "Drinks packages are extra, bought on board"],
};
