/**
 * Where the UK and Irish break destinations of seed/data/words.ts are: the town a hotel there
 * gives as its address, with its real coordinates and postcode districts (Eircode routing keys).
 * Destinations that are seed locations themselves (York, Galway…) use the location; abroad, a
 * travel merchant is a tour operator with its office in its market.
 */
export interface PlaceTown {
  countryCode: "GB" | "IE";
  town: string;
  lat: number;
  lon: number;
  postcodePrefixes: readonly string[];
}

export const PLACE_TOWNS: Readonly<Record<string, PlaceTown>> = {
  Cotswolds: { countryCode: "GB", town: "Bourton-on-the-Water", lat: 51.885, lon: -1.758, postcodePrefixes: ["GL54"] },
  "Lake District": { countryCode: "GB", town: "Windermere", lat: 54.3806, lon: -2.907, postcodePrefixes: ["LA23"] },
  Yorkshire: { countryCode: "GB", town: "Harrogate", lat: 53.9921, lon: -1.5418, postcodePrefixes: ["HG1", "HG2"] },
  Cheshire: { countryCode: "GB", town: "Chester", lat: 53.1934, lon: -2.8931, postcodePrefixes: ["CH1", "CH2"] },
  Surrey: { countryCode: "GB", town: "Guildford", lat: 51.2362, lon: -0.5704, postcodePrefixes: ["GU1", "GU2"] },
  Somerset: { countryCode: "GB", town: "Taunton", lat: 51.015, lon: -3.1029, postcodePrefixes: ["TA1", "TA2"] },
  Northumberland: { countryCode: "GB", town: "Alnwick", lat: 55.4134, lon: -1.7063, postcodePrefixes: ["NE66"] },
  "Peak District": { countryCode: "GB", town: "Bakewell", lat: 53.214, lon: -1.676, postcodePrefixes: ["DE45"] },
  Cornwall: { countryCode: "GB", town: "St Ives", lat: 50.211, lon: -5.48, postcodePrefixes: ["TR26"] },
  Devon: { countryCode: "GB", town: "Torquay", lat: 50.4619, lon: -3.5253, postcodePrefixes: ["TQ1", "TQ2"] },
  Whitby: { countryCode: "GB", town: "Whitby", lat: 54.4858, lon: -0.6206, postcodePrefixes: ["YO21", "YO22"] },
  Scarborough: { countryCode: "GB", town: "Scarborough", lat: 54.2831, lon: -0.3998, postcodePrefixes: ["YO11", "YO12"] },
  Pembrokeshire: { countryCode: "GB", town: "Tenby", lat: 51.6727, lon: -4.7034, postcodePrefixes: ["SA70"] },
  "Norfolk Coast": { countryCode: "GB", town: "Cromer", lat: 52.931, lon: 1.302, postcodePrefixes: ["NR27"] },
  "Isle of Wight": { countryCode: "GB", town: "Newport", lat: 50.701, lon: -1.292, postcodePrefixes: ["PO30"] },
  Llandudno: { countryCode: "GB", town: "Llandudno", lat: 53.3241, lon: -3.8276, postcodePrefixes: ["LL30"] },
  "Yorkshire Dales": { countryCode: "GB", town: "Hawes", lat: 54.304, lon: -2.197, postcodePrefixes: ["DL8"] },
  Snowdonia: { countryCode: "GB", town: "Betws-y-Coed", lat: 53.093, lon: -3.801, postcodePrefixes: ["LL24"] },
  "Scottish Highlands": { countryCode: "GB", town: "Aviemore", lat: 57.195, lon: -3.824, postcodePrefixes: ["PH22"] },
  Kerry: { countryCode: "IE", town: "Tralee", lat: 52.2713, lon: -9.6999, postcodePrefixes: ["V92"] },
  Killarney: { countryCode: "IE", town: "Killarney", lat: 52.0599, lon: -9.5044, postcodePrefixes: ["V93"] },
  Wexford: { countryCode: "IE", town: "Wexford", lat: 52.3369, lon: -6.4633, postcodePrefixes: ["Y35"] },
  Donegal: { countryCode: "IE", town: "Donegal", lat: 54.6538, lon: -8.1096, postcodePrefixes: ["F94"] },
  Westport: { countryCode: "IE", town: "Westport", lat: 53.8, lon: -9.518, postcodePrefixes: ["F28"] },
  Kinsale: { countryCode: "IE", town: "Kinsale", lat: 51.7059, lon: -8.5222, postcodePrefixes: ["P17"] },
  Clare: { countryCode: "IE", town: "Ennis", lat: 52.8436, lon: -8.9864, postcodePrefixes: ["V95"] },
  Mayo: { countryCode: "IE", town: "Castlebar", lat: 53.855, lon: -9.288, postcodePrefixes: ["F23"] },
  Wicklow: { countryCode: "IE", town: "Wicklow", lat: 52.9808, lon: -6.0446, postcodePrefixes: ["A67"] },
  Cavan: { countryCode: "IE", town: "Cavan", lat: 53.9908, lon: -7.3606, postcodePrefixes: ["H12"] },
};
