export interface SeedLocation {
  id: number;
  name: string;
  shortName: string;
  countryCode: "GB" | "IE";
  lat: number;
  lon: number;
  /** Relative share of local deals; big cities get more. */
  weight: number;
  /** UK postcode districts or Irish Eircode routing keys found in the area. */
  postcodePrefixes: readonly string[];
  /** Neighbourhoods used in headlines ("at The Olive Tree, Soho") and addresses. */
  areas?: readonly string[];
}

/**
 * Cities and areas with real coordinates. London, Dublin and Dublin South carry the ids from the
 * spec (the brands' default locations); the other ids are made up but must never change, because
 * they end up in cookies and URLs.
 */
export const LOCATIONS: readonly SeedLocation[] = [
  // United Kingdom
  {
    id: 275850,
    name: "London",
    shortName: "london",
    countryCode: "GB",
    lat: 51.5074,
    lon: -0.1278,
    weight: 20,
    postcodePrefixes: ["SW1A", "W1D", "W1F", "EC1V", "EC2A", "E1", "N1", "SE1", "WC2H", "NW1", "SW4", "W11"],
    areas: ["Soho", "Shoreditch", "Covent Garden", "Camden", "Kensington", "Clapham", "Islington", "Canary Wharf", "Greenwich", "Notting Hill"],
  },
  {
    id: 275851,
    name: "Manchester",
    shortName: "manchester",
    countryCode: "GB",
    lat: 53.4808,
    lon: -2.2426,
    weight: 8,
    postcodePrefixes: ["M1", "M2", "M3", "M4", "M15"],
    areas: ["Northern Quarter", "Deansgate", "Ancoats", "Spinningfields"],
  },
  { id: 275852, name: "Birmingham", shortName: "birmingham", countryCode: "GB", lat: 52.4862, lon: -1.8904, weight: 6, postcodePrefixes: ["B1", "B2", "B3", "B5"], areas: ["Jewellery Quarter", "Digbeth", "Edgbaston"] },
  { id: 275853, name: "Leeds", shortName: "leeds", countryCode: "GB", lat: 53.8008, lon: -1.5491, weight: 5, postcodePrefixes: ["LS1", "LS2", "LS6"] },
  { id: 275854, name: "Liverpool", shortName: "liverpool", countryCode: "GB", lat: 53.4084, lon: -2.9916, weight: 5, postcodePrefixes: ["L1", "L2", "L3"], areas: ["Albert Dock", "Ropewalks"] },
  { id: 275855, name: "Glasgow", shortName: "glasgow", countryCode: "GB", lat: 55.8642, lon: -4.2518, weight: 5, postcodePrefixes: ["G1", "G2", "G3"], areas: ["Merchant City", "West End"] },
  { id: 275856, name: "Edinburgh", shortName: "edinburgh", countryCode: "GB", lat: 55.9533, lon: -3.1883, weight: 5, postcodePrefixes: ["EH1", "EH2", "EH3"], areas: ["Old Town", "Leith", "New Town"] },
  { id: 275857, name: "Bristol", shortName: "bristol", countryCode: "GB", lat: 51.4545, lon: -2.5879, weight: 4, postcodePrefixes: ["BS1", "BS2", "BS8"], areas: ["Clifton", "Harbourside"] },
  { id: 275858, name: "Cardiff", shortName: "cardiff", countryCode: "GB", lat: 51.4816, lon: -3.1791, weight: 3, postcodePrefixes: ["CF10", "CF11", "CF24"], areas: ["Cardiff Bay"] },
  { id: 275860, name: "Newcastle", shortName: "newcastle", countryCode: "GB", lat: 54.9783, lon: -1.6178, weight: 3, postcodePrefixes: ["NE1", "NE2"], areas: ["Quayside", "Jesmond"] },
  { id: 275861, name: "Sheffield", shortName: "sheffield", countryCode: "GB", lat: 53.3811, lon: -1.4701, weight: 3, postcodePrefixes: ["S1", "S2", "S10"] },
  { id: 275862, name: "Nottingham", shortName: "nottingham", countryCode: "GB", lat: 52.9548, lon: -1.1581, weight: 3, postcodePrefixes: ["NG1", "NG7"], areas: ["Lace Market", "Hockley"] },
  { id: 275863, name: "Leicester", shortName: "leicester", countryCode: "GB", lat: 52.6369, lon: -1.1398, weight: 2, postcodePrefixes: ["LE1", "LE2"] },
  { id: 275864, name: "Brighton", shortName: "brighton", countryCode: "GB", lat: 50.8225, lon: -0.1372, weight: 3, postcodePrefixes: ["BN1", "BN2"], areas: ["The Lanes", "Kemptown", "Hove"] },
  { id: 275865, name: "Oxford", shortName: "oxford", countryCode: "GB", lat: 51.752, lon: -1.2577, weight: 2, postcodePrefixes: ["OX1", "OX2", "OX4"], areas: ["Jericho", "Cowley"] },
  { id: 275866, name: "Cambridge", shortName: "cambridge", countryCode: "GB", lat: 52.2053, lon: 0.1218, weight: 2, postcodePrefixes: ["CB1", "CB2"] },
  { id: 275867, name: "Bath", shortName: "bath", countryCode: "GB", lat: 51.3811, lon: -2.359, weight: 2, postcodePrefixes: ["BA1", "BA2"] },
  { id: 275868, name: "York", shortName: "york", countryCode: "GB", lat: 53.96, lon: -1.0873, weight: 2, postcodePrefixes: ["YO1", "YO10"] },
  { id: 275869, name: "Belfast", shortName: "belfast", countryCode: "GB", lat: 54.5973, lon: -5.9301, weight: 3, postcodePrefixes: ["BT1", "BT2", "BT7"], areas: ["Cathedral Quarter", "Titanic Quarter"] },
  { id: 275870, name: "Southampton", shortName: "southampton", countryCode: "GB", lat: 50.9097, lon: -1.4044, weight: 2, postcodePrefixes: ["SO14", "SO15"] },
  { id: 275871, name: "Portsmouth", shortName: "portsmouth", countryCode: "GB", lat: 50.8198, lon: -1.088, weight: 2, postcodePrefixes: ["PO1", "PO5"], areas: ["Southsea", "Gunwharf Quays"] },
  { id: 275872, name: "Aberdeen", shortName: "aberdeen", countryCode: "GB", lat: 57.1497, lon: -2.0943, weight: 2, postcodePrefixes: ["AB10", "AB11"] },
  { id: 275873, name: "Coventry", shortName: "coventry", countryCode: "GB", lat: 52.4068, lon: -1.5197, weight: 2, postcodePrefixes: ["CV1", "CV3"] },
  { id: 275874, name: "Reading", shortName: "reading", countryCode: "GB", lat: 51.4543, lon: -0.9781, weight: 2, postcodePrefixes: ["RG1", "RG2"] },
  { id: 275875, name: "Norwich", shortName: "norwich", countryCode: "GB", lat: 52.6309, lon: 1.2974, weight: 2, postcodePrefixes: ["NR1", "NR2"] },
  // Ireland
  {
    id: 275859,
    name: "Dublin",
    shortName: "dublin",
    countryCode: "IE",
    lat: 53.3498,
    lon: -6.2603,
    weight: 8,
    postcodePrefixes: ["D01", "D02", "D07", "D08"],
    areas: ["Temple Bar", "Smithfield", "Docklands", "Portobello"],
  },
  {
    id: 276602,
    name: "Dublin South",
    shortName: "dublin-south",
    countryCode: "IE",
    lat: 53.2925,
    lon: -6.2453,
    weight: 4,
    postcodePrefixes: ["D06", "D14", "D16", "D18"],
    areas: ["Dundrum", "Rathmines", "Ranelagh", "Ballsbridge", "Stillorgan"],
  },
  { id: 276603, name: "Dublin North", shortName: "dublin-north", countryCode: "IE", lat: 53.393, lon: -6.245, weight: 3, postcodePrefixes: ["D09", "D11", "D13"], areas: ["Drumcondra", "Santry", "Clontarf"] },
  { id: 276604, name: "Cork", shortName: "cork", countryCode: "IE", lat: 51.8985, lon: -8.4756, weight: 3, postcodePrefixes: ["T12", "T23"] },
  { id: 276605, name: "Galway", shortName: "galway", countryCode: "IE", lat: 53.2707, lon: -9.0568, weight: 2, postcodePrefixes: ["H91"], areas: ["Salthill", "Latin Quarter"] },
  { id: 276606, name: "Limerick", shortName: "limerick", countryCode: "IE", lat: 52.6638, lon: -8.6267, weight: 2, postcodePrefixes: ["V94"] },
  { id: 276607, name: "Waterford", shortName: "waterford", countryCode: "IE", lat: 52.2593, lon: -7.1101, weight: 1, postcodePrefixes: ["X91"] },
  { id: 276608, name: "Kilkenny", shortName: "kilkenny", countryCode: "IE", lat: 52.6541, lon: -7.2448, weight: 1, postcodePrefixes: ["R95"] },
  { id: 276609, name: "Athlone", shortName: "athlone", countryCode: "IE", lat: 53.4239, lon: -7.9407, weight: 1, postcodePrefixes: ["N37"] },
];
